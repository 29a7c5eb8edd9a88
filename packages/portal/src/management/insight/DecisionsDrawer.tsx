import { AuditDecisions } from '@dscloud/sdk/review';
import type { ReviewerDecisionRow, ReviewerStatRow } from '@dscloud/sdk/review';
import { Alert, Button, Drawer, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton } from '../kit';
import { useDecisionName, useDuration, useLabel, useLevelName } from './InsightParts';
import type { ActivityRef } from './paths';
import { useInsightApi } from './useInsightApi';

interface Query {
  pageNum: number;
  pageSize: number;
  decision?: 1 | 2 | 3 | 4;
}

const FIRST: Query = { pageNum: 1, pageSize: 10 };

/** One reviewer's decisions in the activity (`staTeacherAudit/detail/page`), newest first, with an export. */
export function DecisionsDrawer({ activity, reviewer, onClose }: { activity: ActivityRef; reviewer: ReviewerStatRow | null; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer open={reviewer !== null} onClose={onClose} size="large" title={reviewer ? t('ri.reviewers.drawer', { name: reviewer.userName }) : ''} destroyOnHidden>
      {reviewer ? <Decisions activity={activity} reviewer={reviewer} /> : null}
    </Drawer>
  );
}

function Decisions({ activity, reviewer }: { activity: ActivityRef; reviewer: ReviewerStatRow }) {
  const t = useT();
  const api = useInsightApi();
  const label = useLabel();
  const levelName = useLevelName();
  const decisionName = useDecisionName();
  const duration = useDuration();
  const [query, setQuery] = useState<Query>(FIRST);
  const rows = useAsync(() => api.reviewerDecisions({ activityId: activity.activityId, userId: reviewer.userId, ...query }), [api, activity.activityId, reviewer.userId, JSON.stringify(query)]);

  const columns: TableColumnsType<ReviewerDecisionRow> = [
    { key: 'title', title: t('ri.col.title'), render: (_, r) => r.title },
    { key: 'teacher', title: t('ri.col.teacher'), render: (_, r) => [r.teacherName, r.schoolName].filter(Boolean).join(' · ') || t('ri.blind') },
    { key: 'node', title: t('ri.cover.node'), render: (_, r) => r.nodeName || '—' },
    { key: 'level', title: t('ri.col.level'), render: (_, r) => `${levelName(r.level)}${r.round > 1 ? t('ri.round', { n: r.round }) : ''}` },
    { key: 'decision', title: t('ri.col.decision'), render: (_, r) => <Tag>{decisionName(r.decision)}{r.counted ? '' : t('ri.provisional')}</Tag> },
    { key: 'score', title: t('ri.col.score'), align: 'right', render: (_, r) => r.score ?? '—' },
    { key: 'opinion', title: t('ri.col.opinion'), render: (_, r) => r.opinion || '—' },
    { key: 'time', title: t('ri.col.decisionTime'), align: 'right', render: (_, r) => duration(r.decisionMs) },
    { key: 'at', title: t('ri.col.at'), render: (_, r) => dateTime(r.at) },
  ];

  return (
    <div className="ds-mgmt-table">
      <div className="ds-mgmt-batch">
        <Select
          aria-label={t('ri.col.decision')}
          allowClear
          className="ds-mgmt-select"
          placeholder={t('ri.all')}
          value={query.decision}
          options={AuditDecisions.entries.map((d) => ({ value: d.value, label: label(d) }))}
          onChange={(decision?: 1 | 2 | 3 | 4) => setQuery({ ...FIRST, pageSize: query.pageSize, ...(decision ? { decision } : {}) })}
        />
        <ExportButton start={(o) => api.exportReviewers(activity.activityId, reviewer.userId, o)} fileName={t('ri.file', { name: activity.name, table: reviewer.userName })} />
      </div>
      {rows.status === 'failed' ? <Alert type="error" showIcon title={t('kit.loadFailed')} description={rows.message} action={<Button onClick={rows.reload}>{t('retry')}</Button>} /> : null}
      <Table<ReviewerDecisionRow>
        aria-label={t('ri.reviewers.drawer', { name: reviewer.userName })}
        rowKey="auditId"
        columns={columns}
        dataSource={rows.data?.rows ?? []}
        loading={rows.status === 'loading'}
        size="small"
        onChange={(p) => setQuery({ ...query, pageNum: p.current ?? 1, pageSize: p.pageSize ?? query.pageSize })}
        pagination={{ current: query.pageNum, pageSize: query.pageSize, total: rows.data?.total ?? 0, showSizeChanger: true, showTotal: (total) => t('kit.total', { total }) }}
      />
    </div>
  );
}
