import { Codes, HttpError, type Envelope } from '../errors/index.js';
import type { SignatureInfo } from '../files/objectStoreForm.js';
import type { UploadQuota } from '../files/uploadQuota.js';
import { isAbort } from '../http/abort.js';
import type { RequestOptions } from '../http/calls.js';
import type { HttpClient } from '../http/client.js';

export type { SignatureInfo } from '../files/objectStoreForm.js';

/** What the server knows of a stored file; only `fileInfoId` is relied on, the rest is passed through. */
export interface FileInfo {
  fileInfoId: number | string;
  fileMd5?: string;
  fileName?: string;
  [field: string]: unknown;
}

export interface ExistRequest {
  extension: string;
  fileMd5: string;
  fileName: string;
  fileSize: number;
  /** Second round of the proof of possession only. */
  challengeId?: string;
  proof?: string;
}

/** A byte range the server picked at random; hashing it proves the caller holds the bytes. */
export interface PossessionChallenge {
  challengeId: string;
  offset: number;
  length: number;
}

export interface ExistAnswer {
  existsFlag: number;
  fileInfoId?: number | string;
  fileInfo?: FileInfo;
  challenge?: PossessionChallenge;
}

export interface UploadStatusRequest {
  fileMd5: string;
  fileName: string;
  totalSize: number;
  chunkSize: number;
}

/** Names the caller's partial upload of one file, as the chunk map does. */
export interface UploadCancelRequest {
  fileMd5: string;
  fileName: string;
  totalSize: number;
}

/** The server's chunk map of a partial upload. `fileInfo` is present once the file is complete. */
export interface UploadStatusAnswer {
  fileInfoId: number | string;
  chunkSize: number;
  chunks: number;
  received: number[];
  fileInfo?: FileInfo;
}

export interface ChunkAnswer {
  fileInfoId: number | string;
  fileInfo?: FileInfo;
}

export interface SignatureRequest {
  businessCode: string | number;
  fileMd5: string;
  isDsidealFile: number;
}

export interface CloudSaveRequest {
  extension: string;
  fileMd5: string;
  fileName: string;
  supportSourceFlag: number;
  totalSize: number;
  objectKey: string;
  businessCode?: string | number;
}

/** Paths of the file service under the client's file prefix; chunks go under `/api` as the spec has it. */
export function fileEndpoints(http: Pick<HttpClient, 'paths'>) {
  const file = http.paths.file;
  return {
    exist: file('/v1/file/exist'),
    block: `/api${file('/v1/file/block')}`,
    status: file('/v1/file/upload/status'),
    cancel: file('/v1/file/upload/cancel'),
    signature: file('/v1/obs/signature/info'),
    cloudSave: file('/v1/file/info/cloud/save'),
    quota: file('/v1/file/quota'),
  };
}

/**
 * The caller's storage quota (`GET /file/v1/file/quota`): what an uploader shows (used / left) and
 * hands to its rules (`ValidationRules.quota`) so that a file that cannot fit is refused at once.
 */
export function fetchUploadQuota(http: HttpClient, options: RequestOptions = {}): Promise<UploadQuota> {
  const path = fileEndpoints(http).quota;
  return asFileCall<UploadQuota>(path, Codes.FILE_INFO_QUERY_FAILED, () => http.get<UploadQuota>(path, undefined, { silent: true, ...options }));
}

export type FileEndpoints = ReturnType<typeof fileEndpoints>;

export interface FileApi {
  exist(request: ExistRequest, signal?: AbortSignal): Promise<ExistAnswer>;
  uploadStatus(request: UploadStatusRequest, signal?: AbortSignal): Promise<UploadStatusAnswer>;
  /** Drops the caller's partial upload of a file (chunks and the quota room they held); a stored file stays. */
  cancelUpload(request: UploadCancelRequest): Promise<{ cancelled: boolean }>;
  postChunk(form: FormData, signal: AbortSignal, onProgress: (loaded: number, total: number) => void): Promise<ChunkAnswer>;
  signature(request: SignatureRequest, signal?: AbortSignal): Promise<SignatureInfo>;
  /** Posts to the object store itself: no platform token or header goes there. */
  postToObjectStore(action: string, form: FormData, signal: AbortSignal, onProgress: (loaded: number, total: number) => void): Promise<void>;
  cloudSave(request: CloudSaveRequest, signal?: AbortSignal): Promise<FileInfo>;
}

/**
 * The file service's calls, as ordinary calls of the platform's HTTP client (one envelope parser, one
 * error family). `options` adds what the caller decides per call (a host's token, a language). No call
 * raises the global notice (the uploader shows failures on the file) and none times out (a chunk on a
 * slow school line may take minutes).
 */
export function createFileApi(http: HttpClient, options: () => RequestOptions = () => ({})): FileApi {
  const endpoints = fileEndpoints(http);
  const base = (signal: AbortSignal | undefined): RequestOptions => ({ ...options(), silent: true, timeout: 0, ...(signal ? { signal } : {}) });
  const progress = (onProgress: (loaded: number, total: number) => void) => (event: { loaded: number; total?: number }) =>
    onProgress(event.loaded, event.total ?? 0);

  const json = <T>(path: string, body: unknown, fallback: number, signal?: AbortSignal) =>
    asFileCall<T>(path, fallback, () => http.post<T>(path, body, base(signal)));

  return {
    exist: (request, signal) => json<ExistAnswer>(endpoints.exist, request, Codes.FILE_INFO_QUERY_FAILED, signal),
    uploadStatus: (request, signal) => json<UploadStatusAnswer>(endpoints.status, request, Codes.UPLOAD_FAILED, signal),
    cancelUpload: (request) => json<{ cancelled: boolean }>(endpoints.cancel, request, Codes.UPLOAD_FAILED),
    signature: (request, signal) => json<SignatureInfo>(endpoints.signature, request, Codes.UPLOAD_FAILED, signal),
    cloudSave: (request, signal) => json<FileInfo>(endpoints.cloudSave, request, Codes.UPLOAD_FAILED, signal),
    postChunk: (form, signal, onProgress) =>
      asFileCall<ChunkAnswer>(endpoints.block, Codes.UPLOAD_FAILED, () =>
        http.post<ChunkAnswer>(endpoints.block, form, { ...base(signal), onUploadProgress: progress(onProgress) }),
      ),
    async postToObjectStore(action, form, signal, onProgress) {
      await asFileCall(action, Codes.UPLOAD_FAILED, async () => {
        await http.post<unknown>(action, form, { external: true, silent: true, timeout: 0, signal, onUploadProgress: progress(onProgress) });
        return true;
      });
    },
  };
}

/**
 * The file service's reading of a failed call. Business codes (7 digits) keep their own meaning and
 * the catalogue's words; plain HTTP-like failures and a lost line show the caller's message, e.g.
 * 文件上传失败，请稍后重试, with the status that decides a retry. A success without data is a fault.
 */
async function asFileCall<T>(path: string, fallback: number, call: () => Promise<T | null | undefined>): Promise<T> {
  let data: T | null | undefined;
  try {
    data = await call();
  } catch (error) {
    if (isAbort(error) || !(error instanceof HttpError)) throw error;
    const business = error.envelope && error.code >= 1_000_000 ? error.code : undefined;
    const ok = error.httpStatus >= 200 && error.httpStatus < 300;
    throw new HttpError(business ?? fallback, {
      path,
      httpStatus: ok ? statusOfEnvelope(error.envelope) : error.httpStatus,
      cause: error,
      ...(error.envelope ? { envelope: error.envelope } : {}),
    });
  }
  if (data === undefined || data === null) throw new HttpError(fallback, { path, httpStatus: 502 });
  return data;
}

/** The HTTP status a failure inside a 200 answer stands for: a business code's first three digits. */
function statusOfEnvelope(envelope: Envelope | undefined): number {
  const status = Number(envelope?.status);
  if (!envelope || !Number.isFinite(status) || status === 200) return 502;
  return status >= 1_000_000 ? Math.floor(status / 10_000) : status;
}
