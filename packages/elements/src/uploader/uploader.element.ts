import { dsElement, defineDsElement } from '../shared/defineDsElement.js';
import { Uploader } from './Uploader.js';
import type { UploadCompleteDetail, UploadErrorDetail, UploadProgressDetail, UploadRemovedDetail } from './uploaderEvents.js';

/**
 * @summary File upload: drop zone and picker, MD5 in a worker, 秒传, chunks, pause/resume, resume after reload, waits out a dropped network.
 * @tag ds-uploader
 *
 * @attr {string} api-base - Platform origin. Default: the origin this script was loaded from.
 * @attr {string} accept - Categories (`video,picture,audio,text,ppt,compress,animation,scratch,other`) and/or extensions (`.mp4,.pdf`). Narrows what the server's file config allows.
 * @attr {number} max-count - Most files in the list; extra files are refused with 已达到最大上传数量.
 * @attr {string} max-size - Largest single file, e.g. `500mb`, `300kb`, `1gb`. Default: the server's `uploadMaxSize`.
 * @attr {boolean} multiple - Let the picker choose several files at once.
 * @attr {string} business-code - `businessCode` of the application type (600001 dictation, 600002 app update, 600005 video thumbnail).
 * @attr {boolean} require-h264 - Refuse MP4 files that are not H.264 (不支持的视频格式).
 * @attr {string} lang - `zh-CN` (default) or `en`.
 * @attr {number} chunk-size - Bytes per chunk. Default: the server's `uploadChunkSize` (10 MB).
 *
 * @prop {boolean} multiple - Mirrors the `multiple` attribute.
 * @prop {boolean} requireH264 - Mirrors the `require-h264` attribute.
 * @prop {string} token - Token for the upload calls (property only, never an attribute). Default: the platform session's token.
 *
 * @event {CustomEvent<{ fileId: string, name: string, loaded: number, total: number, percent: number, speed: number }>} ds-upload-progress - Upload progress of one file, at most every 250 ms, and once at 100 %.
 * @event {CustomEvent<{ fileId: string, fileInfoId: number | string, fileInfo: object, instant: boolean }>} ds-upload-complete - The server holds the file; `instant` when it already had the bytes (秒传).
 * @event {CustomEvent<{ fileId: string | null, code: number, message: string, fileName?: string }>} ds-upload-error - A file failed (`fileId`), or files were refused before entering the list (`fileId` null).
 * @event {CustomEvent<{ fileId: string }>} ds-upload-removed - The user removed a file from the list (an unfinished upload is cancelled).
 *
 * @csspart base - Everything.
 * @csspart drop-zone - The dashed drop area.
 * @csspart picker - The 选择文件 button.
 * @csspart hint - Allowed types and size under the button.
 * @csspart quota - The caller's storage used and left (shown once the server answers).
 * @csspart waiting - "已选择 N 个文件，上传设置加载后自动开始": files chosen before the rules and quota loaded, which start once they have.
 * @csspart notices - The list of refused-file notices.
 * @csspart notice - One notice; also the warning when the upload part or the file config could not be fetched (with its 重试).
 * @csspart list - The file list.
 * @csspart file - One file row.
 * @csspart file-name - A file's name.
 * @csspart file-status - A file's state in words.
 * @csspart progress - Every progress bar.
 * @csspart hash-progress - A file's MD5 progress bar.
 * @csspart upload-progress - A file's upload progress bar.
 * @csspart overall-progress - The overall progress bar.
 * @csspart action - Every row button (pause, resume, retry, remove) and the 重试 of a load warning.
 * @csspart summary - Overall progress, counts, speed and time left.
 *
 * @cssproperty --ds-uploader-width - Width. Default 640px.
 * @cssproperty --ds-uploader-bar-height - Height of the progress bars. Default 6px.
 * @cssproperty --ds-uploader-hash-color - Colour of the MD5 bar.
 * @cssproperty --ds-uploader-drop-active - Background of the drop zone while files are dragged over it.
 * @cssproperty --ds-color-primary - Button and progress colour.
 * @cssproperty --ds-color-on-primary - Text on the primary colour.
 * @cssproperty --ds-color-text - Text colour.
 * @cssproperty --ds-color-text-secondary - Secondary text colour.
 * @cssproperty --ds-color-surface - Background of the drop zone and rows.
 * @cssproperty --ds-color-border - Borders.
 * @cssproperty --ds-color-danger - Failures.
 * @cssproperty --ds-color-success - Finished files.
 * @cssproperty --ds-color-focus - Focus ring.
 * @cssproperty --ds-radius - Corner radius of buttons and rows.
 * @cssproperty --ds-radius-large - Corner radius of the drop zone.
 * @cssproperty --ds-font-family - Font.
 */
export class DsUploaderElement extends dsElement(Uploader, {
  attributes: { apiBase: 'string', accept: 'string', maxCount: 'number', maxSize: 'string', businessCode: 'string', lang: 'string', chunkSize: 'number' },
  booleans: { multiple: 'multiple', 'require-h264': 'requireH264' },
  properties: ['token'],
  events: { onProgress: 'ds-upload-progress', onComplete: 'ds-upload-complete', onError: 'ds-upload-error', onRemoved: 'ds-upload-removed' },
}) {}

defineDsElement('ds-uploader', DsUploaderElement);

declare global {
  interface HTMLElementTagNameMap {
    'ds-uploader': DsUploaderElement;
  }
  interface HTMLElementEventMap {
    'ds-upload-progress': CustomEvent<UploadProgressDetail>;
    'ds-upload-complete': CustomEvent<UploadCompleteDetail>;
    'ds-upload-error': CustomEvent<UploadErrorDetail>;
    'ds-upload-removed': CustomEvent<UploadRemovedDetail>;
  }
  // The events are composed and bubble, so pages listen on document too.
  interface DocumentEventMap {
    'ds-upload-progress': CustomEvent<UploadProgressDetail>;
    'ds-upload-complete': CustomEvent<UploadCompleteDetail>;
    'ds-upload-error': CustomEvent<UploadErrorDetail>;
    'ds-upload-removed': CustomEvent<UploadRemovedDetail>;
  }
}
