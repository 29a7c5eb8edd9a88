import { ActivitySystems, type ActivityAttachment } from '@dscloud/sdk/activities';
import { Uploader, type UploadCompleteDetail } from '@dscloud/elements';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useLocale, useT } from '../../../i18n/useT';
import { ImageCropField } from '../../images/ImageCropField';
import { LazyNoticeEditor } from '../../richText/LazyNoticeEditor';
import { noticeLength } from '../../richText/noticeValue';
import type { CoverValue } from '../activityForm';
import type { StepProps } from './stepProps';
import '../../settings/settings.css';

/** 基本信息: name, activity type, the organiser (shown), description, cover and attachments. */
export function BasicsStep({ limits, organiser, onBusy }: StepProps & { organiser: string; onBusy: (busy: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const readOnly = limits.readOnly;
  return (
    <>
      <Form.Item name="name" label={t('actm.f.name')} rules={[{ required: true, whitespace: true, message: t('actm.f.nameRequired') }]}>
        <Input maxLength={100} showCount disabled={readOnly} />
      </Form.Item>
      <Form.Item
        name="activitySystem"
        label={t('actm.f.system')}
        rules={[{ required: true, message: t('actm.f.systemRequired') }]}
        extra={limits.settingsLocked && !readOnly ? t('actm.lock.settings') : undefined}
      >
        <Select
          disabled={limits.settingsLocked}
          style={{ maxWidth: 320 }}
          options={ActivitySystems.entries.map((s) => ({ value: s.value, label: locale === 'en' ? s.labelEn : s.label }))}
        />
      </Form.Item>
      <Form.Item label={t('actm.f.organiser')} htmlFor="activity-organiser">
        <Input id="activity-organiser" value={organiser} readOnly style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('actm.f.description')}
        extra={t('actm.f.descriptionHelp')}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const length = noticeLength(value);
              return length.over ? Promise.reject(new Error(t('rt.tooLong', { max: length.max }))) : Promise.resolve();
            },
          },
        ]}
      >
        <LazyNoticeEditor label={t('actm.f.description')} disabled={readOnly} />
      </Form.Item>
      <Form.Item name="cover" label={t('actm.f.cover')}>
        <CoverField readOnly={readOnly} onBusy={onBusy} />
      </Form.Item>
      <Form.Item name="attachments" label={t('actm.f.attachments')}>
        <AttachmentsField readOnly={readOnly} lang={locale} onBusy={onBusy} />
      </Form.Item>
    </>
  );
}

function CoverField({ value, onChange, readOnly, onBusy }: { value?: CoverValue; onChange?: (v: CoverValue) => void; readOnly: boolean; onBusy: (busy: boolean) => void }) {
  const t = useT();
  // A new field after a removal: the crop field keeps the preview of what it uploaded.
  const [round, setRound] = useState(0);
  const shown = value?.fileId || value?.url ? value : null;
  if (readOnly) return shown?.url ? <img className="ds-crop-preview" src={shown.url} alt={t('actm.f.cover')} /> : <span className="ds-mgmt-muted">{t('actm.sum.none')}</span>;
  return (
    <div>
      <ImageCropField
        key={round}
        imageUrl={shown?.url || null}
        width={1280}
        height={720}
        label={t('actm.f.coverLabel')}
        onBusy={onBusy}
        onUploaded={(fileId) => onChange?.({ fileId, url: '' })}
      />
      {shown ? (
        <Button
          size="small"
          onClick={() => {
            onChange?.({ fileId: null, url: '' });
            setRound((r) => r + 1);
          }}
        >
          {t('actm.f.removeCover')}
        </Button>
      ) : null}
    </div>
  );
}

function AttachmentsField({
  value = [],
  onChange,
  readOnly,
  lang,
  onBusy,
}: {
  value?: ActivityAttachment[];
  onChange?: (v: ActivityAttachment[]) => void;
  readOnly: boolean;
  lang: string;
  onBusy: (busy: boolean) => void;
}) {
  const t = useT();
  const complete = (detail: UploadCompleteDetail) => {
    onBusy(false);
    const fileId = String(detail.fileInfoId);
    if (value.some((a) => a.fileId === fileId)) return;
    onChange?.([...value, { fileId, name: detail.fileInfo?.fileName ?? fileId, url: '' }]);
  };
  return (
    <div>
      {value.length ? (
        <ul className="ds-act-attachments">
          {value.map((a) => (
            <li key={a.fileId}>
              {a.url ? (
                <a href={a.url} target="_blank" rel="noreferrer">
                  {a.name}
                </a>
              ) : (
                <span>{a.name}</span>
              )}
              {readOnly ? null : (
                <Button size="small" type="link" danger onClick={() => onChange?.(value.filter((x) => x.fileId !== a.fileId))}>
                  {t('actm.f.removeAttachment', { name: a.name })}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ds-mgmt-muted">{t('actm.f.noAttachments')}</p>
      )}
      {readOnly ? null : (
        <Uploader accept=".pdf,.doc,.docx,.xls,.xlsx,.zip" maxCount={5} multiple maxSize="50MB" lang={lang} onProgress={() => onBusy(true)} onComplete={complete} onError={() => onBusy(false)} />
      )}
    </div>
  );
}
