import type { UploadFile } from '@dscloud/sdk/upload';
import { wholePercent } from './format.js';
import type { Lang, UploaderMessages } from './messages.js';

/** Which bar a row shows: MD5 progress until the server has been asked, upload progress after. */
export function phaseOf(file: UploadFile): 'hash' | 'upload' {
  if (file.status === 'hashing') return 'hash';
  if (['comparing', 'uploading', 'verifying', 'waitingForNetwork', 'done'].includes(file.status)) return 'upload';
  // Paused or failed: the bar of the phase it stopped in.
  return file.uploadedBytes > 0 || file.chunk ? 'upload' : 'hash';
}

export const hashPercent = (file: UploadFile) => wholePercent(file.hashedBytes, file.size);
export const uploadPercent = (file: UploadFile) => (file.status === 'done' ? 100 : Math.floor(file.percent));

/** The row's state in words: 计算MD5 42%, 上传中 37%, 秒传完成, 失败：… */
export function statusText(file: UploadFile, m: UploaderMessages, lang: Lang): string {
  const s = m.status;
  switch (file.status) {
    case 'hashing':
      return `${s.hashing} ${hashPercent(file)}%`;
    case 'uploading':
      return `${s.uploading} ${uploadPercent(file)}%`;
    case 'done':
      return file.instant ? s.instant : s.done;
    case 'failed': {
      const reason = file.error ? (lang === 'en' ? file.error.messageEn : file.error.messageZh) : '';
      return reason ? `${s.failed}${m.separator}${reason}` : s.failed;
    }
    default:
      return s[file.status];
  }
}

const PAUSABLE = new Set<UploadFile['status']>(['hashing', 'comparing', 'uploading', 'verifying', 'waitingForNetwork']);
export const canPause = (file: UploadFile) => PAUSABLE.has(file.status);
