import { Codes, type Envelope } from '../errors/index.js';
import type { SignatureInfo } from '../files/objectStoreForm.js';

export type { SignatureInfo } from '../files/objectStoreForm.js';
import type { HeaderMap, TransportResponse, UploadTransport } from './transport.js';
import { isAbort, UploadError } from './uploadError.js';

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

export interface FileEndpoints {
  exist: string;
  block: string;
  status: string;
  signature: string;
  cloudSave: string;
}

/** Paths of the file service under a configured prefix; chunks go under `/api` as the spec has it. */
export function fileEndpoints(apiBase: string, filePrefix = '/file'): FileEndpoints {
  const base = apiBase.replace(/\/+$/, '');
  const prefix = `/${filePrefix.replace(/^\/+|\/+$/g, '')}`;
  return {
    exist: `${base}${prefix}/v1/file/exist`,
    block: `${base}/api${prefix}/v1/file/block`,
    status: `${base}${prefix}/v1/file/upload/status`,
    signature: `${base}${prefix}/v1/obs/signature/info`,
    cloudSave: `${base}${prefix}/v1/file/info/cloud/save`,
  };
}

export interface FileApiOptions {
  transport: UploadTransport;
  endpoints: FileEndpoints;
  authHeaders?: () => HeaderMap | Promise<HeaderMap>;
}

export interface FileApi {
  exist(request: ExistRequest, signal?: AbortSignal): Promise<ExistAnswer>;
  uploadStatus(request: UploadStatusRequest, signal?: AbortSignal): Promise<UploadStatusAnswer>;
  postChunk(form: FormData, signal: AbortSignal, onProgress: (loaded: number, total: number) => void): Promise<ChunkAnswer>;
  signature(request: SignatureRequest, signal?: AbortSignal): Promise<SignatureInfo>;
  /** Posts to the object store itself: no platform token goes there. */
  postToObjectStore(action: string, form: FormData, signal: AbortSignal, onProgress: (loaded: number, total: number) => void): Promise<void>;
  cloudSave(request: CloudSaveRequest, signal?: AbortSignal): Promise<FileInfo>;
}

export function createFileApi(options: FileApiOptions): FileApi {
  const { transport, endpoints } = options;
  const headers = async () => (options.authHeaders ? await options.authHeaders() : {});

  async function json<T>(url: string, body: unknown, fallback: number, signal?: AbortSignal): Promise<T> {
    const response = await send(url, fallback, async () => transport.postJson(url, body, { headers: await headers(), signal }));
    return unwrap<T>(url, response, fallback);
  }

  return {
    exist: (request, signal) => json<ExistAnswer>(endpoints.exist, request, Codes.FILE_INFO_QUERY_FAILED, signal),
    uploadStatus: (request, signal) => json<UploadStatusAnswer>(endpoints.status, request, Codes.UPLOAD_FAILED, signal),
    signature: (request, signal) => json<SignatureInfo>(endpoints.signature, request, Codes.UPLOAD_FAILED, signal),
    cloudSave: (request, signal) => json<FileInfo>(endpoints.cloudSave, request, Codes.UPLOAD_FAILED, signal),
    async postChunk(form, signal, onProgress) {
      const url = endpoints.block;
      const response = await send(url, Codes.UPLOAD_FAILED, async () =>
        transport.postForm(url, form, { headers: await headers(), signal, onProgress }),
      );
      return unwrap<ChunkAnswer>(url, response, Codes.UPLOAD_FAILED);
    },
    async postToObjectStore(action, form, signal, onProgress) {
      const response = await send(action, Codes.UPLOAD_FAILED, () => transport.postForm(action, form, { headers: {}, signal, onProgress }));
      if (response.status < 200 || response.status >= 300) {
        throw new UploadError(Codes.UPLOAD_FAILED, { httpStatus: response.status, path: action });
      }
    },
  };
}

/** No answer at all (offline, DNS, CORS) becomes an error with status 0, which is worth a retry. */
async function send(url: string, fallback: number, run: () => Promise<TransportResponse>): Promise<TransportResponse> {
  try {
    return await run();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new UploadError(fallback, { cause: error, httpStatus: 0, path: url });
  }
}

/**
 * Success is HTTP 2xx with `status` 200 and a `data` part (spec §7). Business codes (7 digits) keep
 * their own meaning; plain HTTP-like failures show the caller's message, e.g. 文件上传失败，请稍后重试.
 */
function unwrap<T>(url: string, response: TransportResponse, fallback: number): T {
  const envelope = isEnvelope(response.body) ? response.body : undefined;
  const ok = response.status >= 200 && response.status < 300 && envelope?.status === 200;
  if (ok && envelope.data !== undefined && envelope.data !== null) return envelope.data as T;
  const businessCode = envelope && envelope.status >= 1_000_000 ? envelope.status : undefined;
  const httpStatus = response.status >= 200 && response.status < 300 ? statusOfEnvelope(envelope) : response.status;
  return throwError(new UploadError(businessCode ?? fallback, { httpStatus, path: url, envelope }));
}

function statusOfEnvelope(envelope: Envelope | undefined): number {
  if (!envelope) return 502;
  if (envelope.status === 200) return 502;
  if (envelope.status >= 1_000_000) return Math.floor(envelope.status / 10_000);
  return envelope.status;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).status === 'number';
}

function throwError(error: Error): never {
  throw error;
}
