import { WorkReviewStates, WorkSubmitStatuses, type ActivitySummary, type ActivityWork } from '@dscloud/sdk/activities';
import { Alert, Button, Drawer, Empty, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLocale, useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { useAsync } from '../../lessons/useAsync';
import { useActivityManageApi } from './useActivityManageApi';

interface Query {
  pageNum: number;
  pageSize: number;
  submitStatus?: number;
  keyword?: string;
}

const FIRST: Query = { pageNum: 1, pageSize: 10 };

/** The works of one activity (`works/query/list`): title, node, teacher, school, submit and review state. */
export function WorksDrawer({ activity, onClose }: { activity: ActivitySummary | null; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer open={activity !== null} onClose={onClose} size="large" title={activity ? t('actm.worksTitle', { name: activity.name }) : ''} destroyOnHidden>
      {activity ? <WorksTable activityId={activity.activityId} /> : null}
    </Drawer>
  );
}

function WorksTable({ activityId }: { activityId: string }) {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useActivityManageApi();
  const [query, setQuery] = useState<Query>(FIRST);
  const [keyword, setKeyword] = useState('');
  const works = useAsync(() => api.works({ activityId, ...query }), [api, activityId, JSON.stringify(query)]);
  const label = (entry: { label: string; labelEn: string } | undefined) => (entry ? (en ? entry.labelEn : entry.label) : '—');

  const columns: TableColumnsType<ActivityWork> = [
    { key: 'title', title: t('actm.wcol.title'), dataIndex: 'title' },
    { key: 'node', title: t('actm.wcol.node'), dataIndex: 'nodeName' },
    { key: 'teacher', title: t('actm.wcol.teacher'), dataIndex: 'teacherName' },
    { key: 'school', title: t('actm.wcol.school'), dataIndex: 'schoolName' },
    { key: 'submit', title: t('actm.wcol.submit'), render: (_, w) => label(WorkSubmitStatuses.find(w.submitStatus)) },
    { key: 'review', title: t('actm.wcol.review'), render: (_, w) => label(WorkReviewStates.find(w.reviewState)) },
    { key: 'submitTime', title: t('actm.wcol.submitTime'), render: (_, w) => (w.submitTime ? dateTime(w.submitTime) : '—') },
  ];

  return (
    <div className="ds-mgmt-table">
      <form
        className="ds-act-works-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery((q) => ({ ...q, pageNum: 1, keyword: keyword.trim() || undefined }));
        }}
      >
        <Space wrap>
          <Select
            aria-label={t('actm.worksStatus')}
            style={{ width: 140 }}
            value={query.submitStatus ?? ''}
            onChange={(value: number | '') => setQuery((q) => ({ ...q, pageNum: 1, submitStatus: value === '' ? undefined : value }))}
            options={[{ value: '', label: t('actm.all') }, ...WorkSubmitStatuses.entries.map((s) => ({ value: s.value, label: en ? s.labelEn : s.label }))]}
          />
          <Input aria-label={t('actm.worksKeyword')} placeholder={t('actm.worksKeyword')} value={keyword} onChange={(e) => setKeyword(e.target.value)} allowClear maxLength={50} style={{ width: 200 }} />
          <Button type="primary" htmlType="submit">
            {t('kit.search')}
          </Button>
        </Space>
      </form>
      {works.status === 'failed' ? (
        <Alert type="error" showIcon title={t('kit.loadFailed')} description={works.message} action={<Button onClick={works.reload}>{t('retry')}</Button>} />
      ) : null}
      <Table<ActivityWork>
        aria-label={t('actm.worksTable')}
        rowKey="lessonId"
        columns={columns}
        dataSource={works.data?.rows ?? []}
        loading={works.status === 'loading'}
        locale={{ emptyText: works.status === 'ready' ? <Empty description={t('actm.worksEmpty')} /> : <span /> }}
        onChange={(pagination) => setQuery((q) => ({ ...q, pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? q.pageSize }))}
        pagination={{ current: query.pageNum, pageSize: query.pageSize, total: works.data?.total ?? 0, showTotal: (total) => t('kit.total', { total }) }}
      />
    </div>
  );
}
