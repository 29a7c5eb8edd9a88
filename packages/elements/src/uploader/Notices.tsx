import type { UploadNotice } from '@dscloud/sdk/upload';
import type { Lang, UploaderMessages } from './messages.js';

export interface NoticesProps {
  notices: readonly UploadNotice[];
  messages: UploaderMessages;
  lang: Lang;
  onDismiss: (notice: UploadNotice) => void;
}

/** Files refused or taken off the list (已排除不符合上传格式的文件, 已达到最大上传数量 …): they have no row to show it. */
export function Notices({ notices, messages: m, lang, onDismiss }: NoticesProps) {
  if (!notices.length) return null;
  return (
    <ul className="ds-uploader__notices" part="notices" aria-label={m.noticesLabel}>
      {notices.map((notice) => {
        const text = lang === 'en' ? notice.messageEn : notice.messageZh;
        return (
          <li key={`${notice.at}:${notice.code}:${notice.fileName ?? ''}:${text}`} className="ds-uploader__notice" part="notice" data-code={notice.code}>
            <span>{notice.fileName ? `${notice.fileName}${m.separator}${text}` : text}</span>
            <button type="button" className="ds-uploader__dismiss" aria-label={`${m.dismiss}${m.separator}${text}`} onClick={() => onDismiss(notice)}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
