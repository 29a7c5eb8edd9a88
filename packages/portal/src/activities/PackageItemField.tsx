import { DeleteOutlined } from '@ant-design/icons';
import { Uploader, type UploadCompleteDetail, type UploadRemovedDetail } from '@dscloud/elements';
import { PackageItem, PackageItems, type PackageTemplateItem } from '@dscloud/sdk/activities';
import { FileCategories } from '@dscloud/sdk/codes';
import { Button, Tag } from 'antd';
import { toneClass } from './tone';
import { useEffect, useRef } from 'react';
import { useLocale, useT } from '../i18n/useT';
import { useUploadBusy } from '../lessons/teach/useUploadBusy';
import { acceptFor } from './workPackage';

export interface PackageFile {
  fileId: string;
  fileName: string;
  /** The uploader row it came from (new uploads only), so taking it off the uploader takes it away. */
  uploadId?: string;
}

interface Props {
  template: PackageTemplateItem;
  files: PackageFile[];
  /** Gets the item's current files and answers the new ones (uploads finish in any order). */
  onChange: (update: (files: PackageFile[]) => PackageFile[]) => void;
  onBusyChange: (item: number, busy: boolean) => void;
  error?: string;
}

/**
 * One item of the work package: its name, whether it is required, the file kinds it takes, the files
 * already in the work, and an `<Uploader>` for new ones (MP4 and H.264 only for the lesson video).
 */
export function PackageItemField({ template, files, onChange, onBusyChange, error }: Props) {
  const t = useT();
  const lang = useLocale();
  const en = lang === 'en';
  const host = useRef<HTMLDivElement>(null);
  const busy = useUploadBusy(host);
  useEffect(() => onBusyChange(template.item, busy), [busy, onBusyChange, template.item]);
  const entry = PackageItems.find(template.item);
  const name = entry ? (en ? entry.labelEn : entry.label) : String(template.item);
  const kinds = template.fileCategories.map((c) => FileCategories.find(c)).map((c) => (c ? (en ? c.labelEn : c.label) : '')).join('、');
  const id = `act-item-${template.item}`;
  const isVideo = template.item === PackageItem.VIDEO;
  const room = Math.max(0, template.maxFiles - files.filter((f) => !f.uploadId).length);

  const complete = (detail: UploadCompleteDetail) =>
    onChange((current) =>
      current.some((f) => f.uploadId === detail.fileId)
        ? current
        : [...current, { fileId: String(detail.fileInfoId), fileName: String(detail.fileInfo?.fileName ?? ''), uploadId: detail.fileId }],
    );
  const removed = (detail: UploadRemovedDetail) => onChange((current) => current.filter((f) => f.uploadId !== detail.fileId));

  return (
    <fieldset className="ds-act-item" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} data-item={template.item}>
      <legend className="ds-act-item-name">
        {name} <Tag className={toneClass(template.required ? 'red' : 'default')}>{t(template.required ? 'act.item.required' : 'act.item.optional')}</Tag>
      </legend>
      <p id={`${id}-hint`} className="ds-act-muted">
        {t('act.item.kinds', { kinds })} · {t('act.item.max', { n: template.maxFiles })}
      </p>
      {files.filter((f) => !f.uploadId).length ? (
        <ul className="ds-act-files" aria-label={t('act.upload.current')}>
          {files
            .filter((f) => !f.uploadId)
            .map((f) => (
              <li key={f.fileId}>
                <span>{f.fileName || f.fileId}</span>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('act.upload.removeFile', { name: f.fileName || f.fileId })}
                  onClick={() => onChange((current) => current.filter((x) => x.fileId !== f.fileId))}
                />
              </li>
            ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <div ref={host} className="ds-act-uploader">
          <Uploader accept={acceptFor(template)} requireH264={isVideo} multiple={room > 1} maxCount={room} lang={lang} onComplete={complete} onRemoved={removed} />
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="ds-act-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
