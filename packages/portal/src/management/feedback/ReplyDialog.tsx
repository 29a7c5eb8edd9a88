import { APPLY_STATUS_LABELS, FEEDBACK_REPLY_MAX, type ApplyStatus, type ManagedFeedback } from '@dscloud/sdk/help';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import type { HelpPortalApi } from '../../api/help';
import { useLocale, useT } from '../../i18n/useT';
import { markServerError } from '../kit';

interface Props {
  api: HelpPortalApi;
  target: ManagedFeedback | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 回复反馈: the reply (the author sees it) and the status it leaves the feedback in (已处理 by default). */
export function ReplyDialog({ api, target, onClose, onSaved }: Props) {
  const t = useT();
  const locale = useLocale();
  const [form] = Form.useForm<{ reply: string; applyStatus: ApplyStatus }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!target) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await api.reply({ id: target.id, reply: values.reply, applyStatus: values.applyStatus });
      onSaved();
      onClose();
    } catch (error) {
      if (!markServerError(form, error)) form.setFields([{ name: 'reply', errors: [error instanceof Error ? error.message : String(error)] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal className="ds-fbm-modal" open={target !== null} title={t('fbm.replyTitle')} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText={t('fbm.replyAction')} cancelText={t('ham.cancel')} destroyOnHidden>
      {target ? <p className="ds-fbm-quote">{target.content}</p> : null}
      <Form form={form} layout="vertical" initialValues={{ reply: target?.reply ?? '', applyStatus: 1 }} preserve={false}>
        <Form.Item name="reply" label={t('fbm.replyLabel')} rules={[{ required: true, whitespace: true }, { max: FEEDBACK_REPLY_MAX }]}>
          <Input.TextArea rows={5} showCount maxLength={FEEDBACK_REPLY_MAX} />
        </Form.Item>
        <Form.Item name="applyStatus" label={t('fbm.replyStatus')}>
          <Radio.Group options={([1, 2, 0] as const).map((s) => ({ value: s, label: APPLY_STATUS_LABELS[s][locale] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
