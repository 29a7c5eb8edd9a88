import { isDsError } from '@dscloud/sdk/errors';
import { TOOL_IDS, TOOL_TITLES, type ToolId, type WhiteboardResource } from '@dscloud/sdk/tools';
import { App, Button, Dropdown, Empty, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLocale, useT } from '../i18n/useT';
import { dateTime } from '../lessons/format';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync } from '../lessons/useAsync';
import { RequireTeacher } from '../lessons/teach/RequireTeacher';
import { useToolsApi } from './useToolsApi';
import { ShareDialog } from './ShareDialog';
import { toolPath } from './toolPath';

const PAGE_SIZE = 10;

function ToolTable() {
  const t = useT();
  const lang = useLocale() === 'en' ? 'en' : 'zh-CN';
  const api = useToolsApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [modal, dialogs] = Modal.useModal();
  const [pageNum, setPageNum] = useState(1);
  const [sharing, setSharing] = useState<WhiteboardResource | null>(null);
  const page = useAsync(() => api.page({ pageNum, pageSize: PAGE_SIZE }), [api, pageNum]);
  const rows = page.data?.rows ?? [];

  const remove = (row: WhiteboardResource) =>
    modal.confirm({
      title: t('tools.delete'),
      content: t('tools.deleteConfirm', { title: row.title }),
      okText: t('tools.delete'),
      okButtonProps: { danger: true },
      cancelText: t('tools.cancel'),
      onOk: async () => {
        try {
          await api.remove(row.businessWhiteboardResourceId, { silent: true });
          void message.success(t('tools.deleted', { title: row.title }));
          if (rows.length === 1 && pageNum > 1) setPageNum(pageNum - 1);
          else page.reload();
        } catch (error) {
          void message.error(isDsError(error) ? `${error.message}（${error.code}）` : String(error));
        }
      },
    });

  const columns: TableColumnsType<WhiteboardResource> = [
    { key: 'title', title: t('tools.col.title'), render: (_, row) => <Link to={toolPath(row.tool, row.businessWhiteboardResourceId)}>{row.title}</Link> },
    { key: 'tool', title: t('tools.col.tool'), render: (_, row) => TOOL_TITLES[row.tool]?.[lang] ?? row.businessType },
    { key: 'node', title: t('tools.col.node'), render: (_, row) => [row.businessBookLabel, row.nodeLabel].filter(Boolean).join(' · ') },
    { key: 'updated', title: t('tools.col.updated'), render: (_, row) => dateTime(row.updateTime) },
    {
      key: 'actions',
      title: t('tools.col.actions'),
      render: (_, row) => (
        <>
          <Button type="link" onClick={() => void navigate(toolPath(row.tool, row.businessWhiteboardResourceId))}>{t('tools.open')}</Button>
          <Button type="link" aria-label={`${t('tools.share')} ${row.title}`} onClick={() => setSharing(row)}>{t('tools.share')}</Button>
          <Button type="link" danger aria-label={`${t('tools.delete')} ${row.title}`} onClick={() => { remove(row); }}>{t('tools.delete')}</Button>
        </>
      ),
    },
  ];

  if (page.status === 'failed' && !page.data) return <LoadFailed message={page.message} onRetry={page.reload} />;
  return (
    <>
      {dialogs}
      {sharing && <ShareDialog row={sharing} onClose={() => setSharing(null)} />}
      <div className="ds-section-head">
        <p>{t('tools.intro')}</p>
        <Dropdown
          menu={{
            items: TOOL_IDS.map((tool) => ({ key: tool, label: TOOL_TITLES[tool][lang] })),
            onClick: ({ key }) => void navigate(toolPath(key as ToolId)),
          }}
        >
          <Button type="primary" aria-label={t('tools.chooseTool')}>{t('tools.create')}</Button>
        </Dropdown>
      </div>
      <Table
        rowKey="businessWhiteboardResourceId"
        columns={columns}
        dataSource={rows}
        loading={page.status === 'loading'}
        locale={{ emptyText: <Empty description={t('tools.empty')} /> }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
      />
    </>
  );
}

/** `/my-tools`: the teacher's tool documents (备课工具): create by tool, open, share read only, delete. */
export default function MyToolsScreen() {
  const t = useT();
  return (
    <RequireTeacher title={t('tools.title')}>
      <div className="ds-screen">
        <h1 className="ds-screen-title">{t('tools.title')}</h1>
        <ToolTable />
      </div>
    </RequireTeacher>
  );
}
