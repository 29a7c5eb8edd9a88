import { Uploader, type UploadCompleteDetail } from '@dscloud/elements';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import type { Topic } from '../../api/lessons';
import type { TopicInput } from '../../api/topics';
import { useLocale, useT } from '../../i18n/useT';
import { markServerError } from '../kit';

export interface TopicDialogProps {
  /** The topic to edit, `'new'` to add one, null when closed. */
  topic: Topic | 'new' | null;
  types: { value: string; label: string }[];
  onSave: (input: TopicInput) => Promise<unknown>;
  onClose: (saved: boolean) => void;
}

interface Values {
  name: string;
  typeId: string | null;
  description: string;
}

const FORM_FIELDS = new Set(['name', 'typeId', 'description']);

/**
 * Add or edit a special topic: name, type, description and a cover uploaded through the platform's
 * uploader (a picture; the saved topic serves it by a signed link).
 */
export function TopicDialog({ topic, types, onSave, onClose }: TopicDialogProps) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Values>();
  const [cover, setCover] = useState<{ fileInfoId: string | null; preview: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const existing = topic && topic !== 'new' ? topic : null;
  // Another topic (or a new one) starts with no picked cover and no failure.
  const [shownFor, setShownFor] = useState(topic);
  if (shownFor !== topic) {
    setShownFor(topic);
    setCover(null);
    setFailure(null);
  }
  useEffect(() => {
    if (!topic) return;
    form.setFieldsValue({ name: existing?.name ?? '', typeId: existing?.typeId ?? null, description: existing?.description ?? '' });
  }, [topic, existing, form]);

  const shownCover = cover ? cover.preview : (existing?.coverUrl ?? '');
  const submit = async () => {
    const values = await form.validateFields();
    setFailure(null);
    try {
      await onSave({
        name: values.name.trim(),
        typeId: values.typeId ?? null,
        description: values.description ?? '',
        coverUrl: cover ? '' : existing?.coverFileId ? '' : (existing?.coverUrl ?? ''),
        ...(cover ? { coverFileId: cover.fileInfoId } : {}),
      });
      onClose(true);
    } catch (error) {
      if (!markServerError(form, error, (field) => (FORM_FIELDS.has(field) ? [field] : null))) {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const complete = (detail: UploadCompleteDetail) => {
    setUploading(false);
    const id = String(detail.fileInfoId);
    setCover({ fileInfoId: id, preview: '' });
  };

  return (
    <Modal
      open={topic !== null}
      title={t(existing ? 'special.editTitle' : 'special.addTitle')}
      okText={t('names.save')}
      cancelText={t('kit.cancel')}
      okButtonProps={{ disabled: uploading }}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('names.name')} rules={[{ required: true, whitespace: true, message: t('names.nameRequired') }]}>
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item name="typeId" label={t('special.type')}>
          <Select allowClear options={types} placeholder={t('special.typeNone')} />
        </Form.Item>
        <Form.Item name="description" label={t('special.description')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <fieldset className="ds-topic-cover-field">
          <legend>{t('special.cover')}</legend>
          {shownCover ? <img className="ds-topic-cover-preview" src={shownCover} alt={t('special.cover')} /> : null}
          {cover?.fileInfoId ? <p className="ds-mgmt-muted">{t('special.uploadCover')} ✓</p> : null}
          {shownCover || cover?.fileInfoId ? (
            <Button size="small" onClick={() => setCover({ fileInfoId: null, preview: '' })}>
              {t('special.removeCover')}
            </Button>
          ) : null}
          <Uploader accept=".jpg,.jpeg,.png" maxCount={1} maxSize="5MB" lang={lang} onProgress={() => setUploading(true)} onComplete={complete} />
          {uploading ? <p className="ds-mgmt-muted">{t('special.uploading')}</p> : null}
        </fieldset>
        {failure ? (
          <p role="alert" className="ds-topic-failure">
            {failure}
          </p>
        ) : null}
      </Form>
    </Modal>
  );
}
