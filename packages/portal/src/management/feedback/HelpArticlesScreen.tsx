import { PlusOutlined } from '@ant-design/icons';
import { ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, ARTICLE_TOPIC_MAX, type HelpArticleInput, type HelpArticleSummary } from '@dscloud/sdk/help';
import { AutoComplete, Button, Drawer, Form, Input, InputNumber, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { helpApi } from '../../api/help';
import { useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { useAsync } from '../../lessons/useAsync';
import { usePortal } from '../../platform/PortalContext';
import { markServerError, useActions } from '../kit';
import { LazyNoticeEditor } from '../richText/LazyNoticeEditor';
import '../management.css';

type Editing = { id?: string } | null;

/**
 * 帮助文章管理 (`/management/type=helpArticles`, the city bureau's): the help centre's articles by
 * topic and order; new and edit in a drawer with the rich-text editor the activity notice uses (the
 * server cleans the body with the same policy), delete behind the usual confirmation.
 */
export default function HelpArticlesScreen() {
  const t = useT();
  const { platform } = usePortal();
  const api = useMemo(() => helpApi(platform), [platform]);
  const list = useAsync(() => api.articles(), [api]);
  const { run, holder } = useActions();
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<HelpArticleInput>();
  const [saving, setSaving] = useState(false);

  const open = async (row?: HelpArticleSummary) => {
    form.resetFields();
    if (row) form.setFieldsValue(await api.article(row.id));
    setEditing(row ? { id: row.id } : {});
  };
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await api.saveArticle({ ...values, ...(editing?.id ? { id: editing.id } : {}), videoUrl: values.videoUrl?.trim() || null });
      setEditing(null);
      list.reload();
    } catch (error) {
      if (!markServerError(form, error)) form.setFields([{ name: 'title', errors: [error instanceof Error ? error.message : String(error)] }]);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<HelpArticleSummary> = [
    { key: 'topic', title: t('ham.col.topic'), dataIndex: 'topic' },
    { key: 'title', title: t('ham.col.title'), dataIndex: 'title' },
    { key: 'video', title: t('ham.col.video'), render: (_, row) => (row.videoUrl ? '✓' : '—') },
    { key: 'sort', title: t('ham.col.sort'), dataIndex: 'sort' },
    { key: 'updatedAt', title: t('ham.col.updatedAt'), render: (_, row) => dateTime(Date.parse(row.updatedAt)) },
    {
      key: 'actions',
      title: t('ham.col.actions'),
      render: (_, row) => (
        <Space>
          <Button type="link" onClick={() => void open(row)} aria-label={`${t('ham.edit')}：${row.title}`}>
            {t('ham.edit')}
          </Button>
          <Button type="link" danger onClick={() => void run({ action: () => api.deleteArticles([row.id]), confirm: 'delete', done: list.reload })} aria-label={`${t('ham.delete')}：${row.title}`}>
            {t('ham.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('ham.title')}</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void open()}>
          {t('ham.add')}
        </Button>
      </div>
      <Table<HelpArticleSummary>
        aria-label={t('ham.title')}
        rowKey="id"
        loading={list.status === 'loading'}
        columns={columns}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: t('ham.empty') }}
      />
      <Drawer
        open={editing !== null}
        size="large"
        title={editing?.id ? t('ham.edit') : t('ham.add')}
        onClose={() => setEditing(null)}
        extra={
          <Space>
            <Button onClick={() => setEditing(null)}>{t('ham.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('ham.save')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" initialValues={{ sort: 0 }}>
          <Form.Item name="topic" label={t('ham.form.topic')} rules={[{ required: true, whitespace: true }, { max: ARTICLE_TOPIC_MAX }]}>
            <AutoComplete options={(list.data?.topics ?? []).map((value) => ({ value }))} />
          </Form.Item>
          <Form.Item name="title" label={t('ham.form.title')} rules={[{ required: true, whitespace: true }, { max: ARTICLE_TITLE_MAX }]}>
            <Input />
          </Form.Item>
          <Form.Item name="summary" label={t('ham.form.summary')} rules={[{ max: ARTICLE_SUMMARY_MAX }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="body" label={t('ham.form.body')} rules={[{ required: true }]}>
            <LazyNoticeEditor label={t('ham.form.body')} />
          </Form.Item>
          <Form.Item name="videoUrl" label={t('ham.form.videoUrl')}>
            <Input placeholder="https://… 或 /static/…" />
          </Form.Item>
          <Form.Item name="sort" label={t('ham.form.sort')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Form>
      </Drawer>
      {holder}
    </div>
  );
}
