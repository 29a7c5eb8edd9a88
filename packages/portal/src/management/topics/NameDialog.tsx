import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { markServerError } from '../kit';
import { useT } from '../../i18n/useT';

export interface NameDialogProps {
  open: boolean;
  title: string;
  initial: string;
  maxLength: number;
  /** Saves; a rejection with `field` is shown under that field. */
  onSave: (name: string) => Promise<unknown>;
  onClose: (saved: boolean) => void;
}

/** Add or rename one entry of a list of names; the server's refusal (名称已存在) shows under the field. */
export function NameDialog({ open, title, initial, maxLength, onSave, onClose }: NameDialogProps) {
  const t = useT();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial });
  }, [open, initial, form]);
  const submit = async () => {
    const { name } = await form.validateFields();
    try {
      await onSave(name.trim());
      onClose(true);
    } catch (error) {
      if (!markServerError(form, error, (field) => (field === 'name' ? ['name'] : null))) {
        form.setFields([{ name: 'name', errors: [error instanceof Error ? error.message : String(error)] }]);
      }
    }
  };
  return (
    <Modal open={open} title={title} okText={t('names.save')} cancelText={t('kit.cancel')} onOk={() => void submit()} onCancel={() => onClose(false)} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('names.name')}
          rules={[{ required: true, whitespace: true, message: t('names.nameRequired') }]}
        >
          <Input maxLength={maxLength} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
