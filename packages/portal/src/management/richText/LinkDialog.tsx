/** The link dialog of the notice editor: the address of the link at the selection, checked as the server checks it. */
import type { Editor } from '@tiptap/core';
import { Form, Input, Modal } from 'antd';
import { useT } from '../../i18n/useT';
import { isAllowedHref } from './noticeSchema';
import { applyLink } from './noticeToolbar';

export function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<{ href: string }>();
  const done = ({ href }: { href: string }) => {
    if (applyLink(editor, href ?? '', isAllowedHref)) onClose();
  };
  return (
    <Modal
      open={open}
      title={t('rt.link.title')}
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        onClose();
        editor.commands.focus();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ href: (editor.getAttributes('link').href as string | undefined) ?? '' }} onFinish={done}>
        <Form.Item
          name="href"
          label={t('rt.link.url')}
          extra={t('rt.link.help')}
          rules={[{ validator: (_, v: string | undefined) => (!v?.trim() || isAllowedHref(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('rt.link.invalid')))) }]}
        >
          <Input autoFocus inputMode="url" autoComplete="url" placeholder="https://" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
