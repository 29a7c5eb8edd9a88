import { DsError, Codes, type Envelope } from '../errors/index.js';

export interface UploadErrorOptions {
  /** Chinese text shown first; defaults to the catalogue's. */
  zh?: string;
  /** English twin of `zh`; defaults to the catalogue's. */
  en?: string;
  cause?: unknown;
  /** Transport status of the failed call; 0 when no answer arrived. */
  httpStatus?: number;
  path?: string;
  envelope?: Envelope;
}

/**
 * An upload failure. Unlike a server message, upload messages are our own and often carry a value
 * ("每个文件不能超过500MB"), so both languages are kept filled in.
 */
export class UploadError extends DsError {
  override readonly name: string = 'UploadError';
  override readonly messageEn: string;
  readonly httpStatus: number | undefined;
  readonly path: string | undefined;
  readonly envelope: Envelope | undefined;

  constructor(code: number, options: UploadErrorOptions = {}) {
    super(code, { message: options.zh, cause: options.cause });
    this.messageEn = options.en ?? new DsError(code).messageEn;
    this.httpStatus = options.httpStatus;
    this.path = options.path;
    this.envelope = options.envelope;
  }

  override localizedMessage(locale: 'zh-CN' | 'en'): string {
    return locale === 'en' ? this.messageEn : this.messageZh;
  }
}

/** What the store keeps of an error: plain data, safe to render and to serialise. */
export interface UploadIssue {
  code: number;
  messageZh: string;
  messageEn: string;
}

export function toIssue(error: DsError): UploadIssue {
  return { code: error.code, messageZh: error.messageZh, messageEn: error.localizedMessage('en') };
}

/** 文件上传失败，请稍后重试 — any HTTP failure of a chunk or form post. */
export function uploadFailed(cause: unknown, extra: Omit<UploadErrorOptions, 'cause'> = {}): UploadError {
  return new UploadError(Codes.UPLOAD_FAILED, { ...extra, cause });
}

/** 文件读写失败 — the browser could not read the selected file (moved, deleted, permission). */
export function fileIoFailed(cause: unknown): UploadError {
  return new UploadError(Codes.FILE_IO_FAILED, { cause });
}

/** 查询文件信息失败，请重新选择 — the existence check failed; the file leaves the list. */
export function fileInfoQueryFailed(cause: unknown): UploadError {
  return new UploadError(Codes.FILE_INFO_QUERY_FAILED, { cause });
}

/** Whether a failure was caused by our own abort (pause, cancel, destroy) rather than by the network. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: unknown }).code === 'ABORT_ERR');
}

export function abortError(): Error {
  const error = new Error('Aborted');
  error.name = 'AbortError';
  return error;
}
