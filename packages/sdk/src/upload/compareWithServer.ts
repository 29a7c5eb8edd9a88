import type { ExistAnswer, FileInfo } from './fileApi.js';
import { normaliseExtension } from './extension.js';
import type { FileRunContext } from './fileRunContext.js';
import { withUploadRetry } from './retry.js';

export type CompareResult = { exists: true; fileInfo: FileInfo | undefined; fileInfoId: number | string | undefined } | { exists: false };

/**
 * Asks whether the server already holds these bytes (秒传). Knowing an MD5 is not proof of having the
 * file: unless we already own it, the server answers with a challenge — a random byte range — and
 * links the file only after we send the MD5 of that range and it holds that content (it does not say
 * whether it does: a new file costs one more small request and the hash of at most 64 KB).
 */
export async function compareWithServer(ctx: FileRunContext, fileMd5: string): Promise<CompareResult> {
  const { source, options, api, signal } = ctx;
  const request = { extension: normaliseExtension(source.name), fileMd5, fileName: source.name, fileSize: source.size };
  const ask = (extra: { challengeId?: string; proof?: string } = {}) =>
    withUploadRetry(() => api.exist({ ...request, ...extra }, signal), options, signal);

  let answer: ExistAnswer = await ask();
  if (answer.existsFlag !== 1 && answer.challenge) {
    const { challengeId, offset, length } = answer.challenge;
    const start = clamp(offset, 0, source.size);
    const end = clamp(offset + length, start, source.size);
    const proof = await options.hashRunner.md5(source, { start, end, signal });
    answer = await ask({ challengeId, proof });
  }
  if (answer.existsFlag === 1) {
    return { exists: true, fileInfo: answer.fileInfo, fileInfoId: answer.fileInfo?.fileInfoId ?? answer.fileInfoId };
  }
  return { exists: false };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(value)));
}
