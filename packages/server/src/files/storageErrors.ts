/**
 * A full disk (or a used-up quota) is not a bug: the caller gets "存储空间不足" (5070001, HTTP 507,
 * which the uploader retries like any 5xx) and the operator finds the system's own error in the log.
 * Nothing acknowledged is lost: a chunk is acknowledged only after it is on disk.
 */
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';

const FULL = new Set(['ENOSPC', 'EDQUOT']);

export function isStorageFull(err: unknown): boolean {
  return typeof err === 'object' && err !== null && FULL.has((err as NodeJS.ErrnoException).code ?? '');
}

export function storageFull(what: string, cause: unknown): AppError {
  return new AppError(Codes.STORAGE_FULL, `存储空间不足：${what}，请稍后重试或联系管理员`, { cause });
}
