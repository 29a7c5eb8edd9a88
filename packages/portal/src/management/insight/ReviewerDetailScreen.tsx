import { AuditLevels } from '@dscloud/sdk/activities';
import type { ReviewerStatRow } from '@dscloud/sdk/review';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { ExportButton, ServerTable, useServerPage, useTableState } from '../kit';
import { DecisionsDrawer } from './DecisionsDrawer';
import { FilterBar } from './FilterBar';
import { ActivityHead, useDuration, useLabel, useLevelName, useNamedActivity, useStageSubjectFields } from './InsightParts';
import { REVIEWER_SPEC, toReviewerQuery } from './insightSpecs';
import { useInsightApi } from './useInsightApi';

/**
 * 教师评审详情明细 (`/management/type=jspsxqdetail/{activityId}`): every reviewer of the activity with
 * their assignments, works assigned / decided / waiting, decisions by kind and the mean decision time,
 * filtered by level, stage, subject and name (in the URL); 明细 opens a reviewer's decisions.
 */
export default function ReviewerDetailScreen() {
  const t = useT();
  const api = useInsightApi();
  const activity = useNamedActivity();
  const table = useTableState(REVIEWER_SPEC);
  const page = useServerPage(table.state, (state) => api.reviewers(toReviewerQuery(activity.activityId, state)));
  const [open, setOpen] = useState<ReviewerStatRow | null>(null);
  const levelName = useLevelName();
  const label = useLabel();
  const duration = useDuration();
  const stageSubject = useStageSubjectFields();

  const columns: TableColumnsType<ReviewerStatRow> = [
    { key: 'userName', title: t('ri.col.reviewer'), render: (_, r) => r.userName },
    { key: 'assignments', title: t('ri.col.assignments'), render: (_, r) => r.assignments.join('；') || r.levels.map(levelName).join('、') },
    { key: 'assigned', title: t('ri.col.assigned'), align: 'right', render: (_, r) => r.assigned },
    { key: 'done', title: t('ri.col.done'), align: 'right', render: (_, r) => r.done },
    { key: 'pending', title: t('ri.part.pending'), align: 'right', render: (_, r) => r.pending },
    { key: 'passed', title: t('ri.part.passed'), align: 'right', render: (_, r) => r.passed },
    { key: 'returned', title: t('ri.part.returned'), align: 'right', render: (_, r) => r.returned },
    { key: 'rejected', title: t('ri.part.rejected'), align: 'right', render: (_, r) => r.rejected },
    { key: 'excellent', title: t('ri.part.excellent'), align: 'right', render: (_, r) => r.excellent },
    { key: 'avg', title: t('ri.col.avgTime'), align: 'right', render: (_, r) => duration(r.avgDecisionMs) },
    { key: 'last', title: t('ri.col.lastDecision'), render: (_, r) => (r.lastDecisionAt ? dateTime(r.lastDecisionAt) : '—') },
    {
      key: 'actions',
      title: t('actm.col.actions'),
      render: (_, r) => (
        <Button type="link" onClick={() => setOpen(r)} aria-label={t('ri.reviewers.detailOf', { name: r.userName })}>
          {t('ri.reviewers.detail')}
        </Button>
      ),
    },
  ];

  return (
    <div className="ds-mgmt-screen">
      <ActivityHead activity={activity} title="mgmt.jspsxqdetail" />
      <FilterBar
        name="reviewerFilters"
        label={t('ri.filters')}
        filters={table.state.filters}
        onSearch={table.setFilters}
        fields={[
          { name: 'keyword', label: t('ri.keyword.reviewer') },
          { name: 'level', label: t('ri.col.level'), options: () => AuditLevels.entries.map((l) => ({ value: l.value, label: label(l) })) },
          ...stageSubject,
        ]}
      />
      <div className="ds-mgmt-batch">
        <ExportButton start={(o) => api.exportReviewers(activity.activityId, undefined, o)} fileName={t('ri.file', { name: activity.name, table: t('mgmt.jspsxqdetail') })} />
      </div>
      <ServerTable<ReviewerStatRow, typeof REVIEWER_SPEC.filters>
        table={table}
        page={page}
        columns={columns}
        rowKey="userId"
        label={t('ri.table.reviewers')}
        empty={t('ri.empty.reviewers')}
      />
      <DecisionsDrawer activity={activity} reviewer={open} onClose={() => setOpen(null)} />
    </div>
  );
}
