import { Codes, DsError } from '../errors/index.js';

/** What the store keeps of an error: plain data, safe to render and to serialise. */
export interface UploadIssue {
  code: number;
  messageZh: string;
  messageEn: string;
}

export function toIssue(error: DsError): UploadIssue {
  return { code: error.code, messageZh: error.messageZh, messageEn: error.localizedMessage('en') };
}

/** 文件读写失败 — the browser could not read the selected file (moved, deleted, permission). */
export function fileIoFailed(cause: unknown): DsError {
  return new DsError(Codes.FILE_IO_FAILED, { cause });
}

