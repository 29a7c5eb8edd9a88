import { Codes, HttpError } from '../errors/index.js';
import { planChunks, type ChunkRange } from './chunkPlan.js';
import { normaliseExtension } from './extension.js';
import type { FileInfo } from './fileApi.js';
import type { FileRunContext } from './fileRunContext.js';
import { blobRange } from './fileSource.js';
import { withUploadRetry } from './retry.js';
import { abortError } from '../http/abort.js';

export interface ChunkUploadStart {
  fileMd5: string;
  chunkSize: number;
  /** Known from a remembered upload or an earlier attempt; the first chunk's reply otherwise. */
  fileInfoId: number | string | undefined;
  /** Ask the server which chunks it holds before sending (restart, resume, reload). */
  askServer: boolean;
  /** Called once the server has named the upload, so it can be remembered for a reload. */
  onNamed(fileInfoId: number | string, chunkSize: number): void;
}

/**
 * Sends a file in chunks (default storage mode). The first chunk goes alone because its reply names
 * the upload (`fileInfoId`); then up to `parallelChunks` at once; the last missing chunk goes last,
 * alone, so that its reply carries the verified `fileInfo`.
 */
export async function uploadChunks(ctx: FileRunContext, start: ChunkUploadStart): Promise<FileInfo> {
  const { source, api, options, signal } = ctx;
  let chunkSize = start.chunkSize;
  let fileInfoId = validId(start.fileInfoId);
  let held = new Set<number>();

  if (start.askServer) {
    const status = await withUploadRetry(
      () => api.uploadStatus({ fileMd5: start.fileMd5, fileName: source.name, totalSize: source.size, chunkSize }, signal),
      options,
      signal,
    );
    if (status.fileInfo) return status.fileInfo;
    // The server's chunk size wins: its partial upload was cut that way.
    if (status.chunkSize > 0) chunkSize = status.chunkSize;
    fileInfoId = validId(status.fileInfoId) ?? fileInfoId;
    held = fileInfoId === undefined ? new Set() : new Set(status.received);
  }

  const plan = planChunks(source.size, chunkSize);
  const missing = plan.filter((range) => !held.has(range.index));
  if (missing.length === 0) throw new HttpError(Codes.CHUNK_CONFLICT, { httpStatus: 409, path: 'upload/status' });

  let acknowledged = plan.filter((range) => held.has(range.index)).reduce((total, range) => total + size(range), 0);
  let doneCount = plan.length - missing.length;
  const inFlight = new Map<number, number>();
  const report = () => {
    let bytes = acknowledged;
    for (const loaded of inFlight.values()) bytes += loaded;
    ctx.progress(bytes);
  };
  ctx.patch({ chunk: { done: doneCount, count: plan.length } });
  report();

  const send = async (range: ChunkRange, isLast: boolean, chunkSignal: AbortSignal): Promise<FileInfo | undefined> => {
    const answer = await withUploadRetry(
      async () => {
        inFlight.set(range.index, 0);
        const form = await buildForm(ctx, start.fileMd5, chunkSize, plan.length, range, fileInfoId);
        return api.postChunk(form, chunkSignal, (loaded, total) => {
          inFlight.set(range.index, total > 0 ? Math.min(size(range), (loaded / total) * size(range)) : 0);
          report();
          // Every byte of the last chunk is out: what remains is the server's check of the whole file.
          if (isLast && total > 0 && loaded >= total && ctx.current().status === 'uploading') ctx.move('verifying');
        });
      },
      options,
      chunkSignal,
    ).finally(() => inFlight.delete(range.index));
    if (fileInfoId === undefined) {
      fileInfoId = validId(answer.fileInfoId);
      if (fileInfoId === undefined) throw new HttpError(Codes.UPLOAD_FAILED, { httpStatus: 502, path: 'block' });
      start.onNamed(fileInfoId, chunkSize);
      ctx.patch({ fileInfoId });
    }
    acknowledged += size(range);
    doneCount += 1;
    ctx.patch({ chunk: { done: doneCount, count: plan.length } });
    report();
    return answer.fileInfo;
  };

  const queue = [...missing];
  const last = queue.pop()!;
  if (fileInfoId === undefined && queue.length > 0) await send(queue.shift()!, false, signal);
  await runPool(queue, options.parallelChunks, signal, (range, poolSignal) => send(range, false, poolSignal));
  if (ctx.current().status === 'verifying') ctx.move('uploading');
  const fileInfo = await send(last, true, signal);
  if (fileInfo) return fileInfo;
  // An answer without fileInfo: the server may still hold the file complete; ask before giving up.
  const status = await api.uploadStatus({ fileMd5: start.fileMd5, fileName: source.name, totalSize: source.size, chunkSize }, signal);
  if (status.fileInfo) return status.fileInfo;
  throw new HttpError(Codes.UPLOAD_FAILED, { httpStatus: 502, path: 'block' });
}

/** Runs `work` over `items`, `limit` at a time; the first failure stops the rest (spec §4). */
async function runPool<T>(
  items: T[],
  limit: number,
  signal: AbortSignal,
  work: (item: T, signal: AbortSignal) => Promise<unknown>,
): Promise<void> {
  if (items.length === 0) return;
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let failure: { error: unknown } | undefined;
  let next = 0;
  const lane = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item, controller.signal);
      } catch (error) {
        failure ??= { error };
        controller.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  if (signal.aborted) throw abortError();
  if (failure) throw failure.error;
}

async function buildForm(
  ctx: FileRunContext,
  fileMd5: string,
  chunkSize: number,
  chunks: number,
  range: ChunkRange,
  fileInfoId: number | string | undefined,
): Promise<FormData> {
  const { source, options } = ctx;
  const form = new FormData();
  form.append('chunkSize', String(chunkSize));
  form.append('extension', normaliseExtension(source.name));
  form.append('fileMd5', fileMd5);
  form.append('fileName', source.name);
  form.append('filePath', '-1');
  form.append('totalSize', String(source.size));
  form.append('supportSourceFlag', String(options.supportSourceFlag));
  if (fileInfoId !== undefined) form.append('fileInfoId', String(fileInfoId));
  form.append('storageType', '4');
  if (options.businessCode !== undefined) form.append('businessCode', String(options.businessCode));
  form.append('chunk', String(range.index));
  form.append('chunks', String(chunks));
  form.append('file', await blobRange(source, range.start, range.end), source.name);
  return form;
}

function size(range: ChunkRange): number {
  return range.end - range.start;
}

/** The spec's "-1 = none" and empty values mean the server has not named the upload yet. */
function validId(id: number | string | undefined | null): number | string | undefined {
  if (id === undefined || id === null || id === '' || id === -1 || id === '-1') return undefined;
  return id;
}
