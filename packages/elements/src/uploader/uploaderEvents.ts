import type { FileInfo } from '@dscloud/sdk/upload';

/** `ds-upload-progress`: sent at most every {@link PROGRESS_INTERVAL_MS} per file, and once at 100 %. */
export interface UploadProgressDetail {
  fileId: string;
  name: string;
  loaded: number;
  total: number;
  percent: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
}

/** `ds-upload-complete`: the server holds the file (uploaded, or already there: 秒传). */
export interface UploadCompleteDetail {
  fileId: string;
  fileInfoId: number | string;
  fileInfo: FileInfo | undefined;
  instant: boolean;
}

/**
 * `ds-upload-error`: a file failed, or files were refused before they entered the list
 * (then `fileId` is null and `fileName` may name the file).
 */
export interface UploadErrorDetail {
  fileId: string | null;
  code: number;
  message: string;
  fileName?: string;
}

/** `ds-upload-removed`: the user took a file off the list. */
export interface UploadRemovedDetail {
  fileId: string;
}

export const PROGRESS_INTERVAL_MS = 250;

export interface UploaderCallbacks {
  onProgress?: (detail: UploadProgressDetail) => void;
  onComplete?: (detail: UploadCompleteDetail) => void;
  onError?: (detail: UploadErrorDetail) => void;
  onRemoved?: (detail: UploadRemovedDetail) => void;
}
