import type { MyAuditActivityRow, MyAuditRow } from '@dscloud/sdk/review';
import { Button, Table, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton, ServerTable, useServerPage, useTableState } from '../kit';
import { FilterBar } from './FilterBar';
import { Loaded, Panel, StatCards, useLevelName } from './InsightParts';
import { MY_REVIEW_SPEC, myReviewPage } from './insightSpecs';
import { useInsightApi } from './useInsightApi';
import '../management.css';
import './insight.css';

const window_ = (r: { auditStartTime: number | null; auditEndTime: number | null }) =>
  r.auditStartTime && r.auditEndTime ? `${dateTime(r.auditStartTime)} ~ ${dateTime(r.auditEndTime)}` : '—';

/**
 * 我的作品评审概况 (`/management/type=wdzppsgk`, for reviewers): every activity the signed-in user
 * reviews in with their works assigned, decided and waiting; 查看 opens one (`?activityId=`): the same
 * per assignment (level, unit, stage and subject) with the level's quota used and left, exportable.
 */
export default function MyReviewOverviewScreen() {
  const t = useT();
  const api = useInsightApi();
  const table = useTableState(MY_REVIEW_SPEC);
  const page = useServerPage(table.state, async (state) => myReviewPage(await api.myAuditActivities(), state));
  const [params, setParams] = useSearchParams();
  const chosen = params.get('activityId') ?? undefined;
  const choose = (activityId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('activityId', activityId);
      return next;
    }, { preventScrollReset: true });

  const columns: TableColumnsType<MyAuditActivityRow> = [
    { key: 'name', title: t('actm.col.name'), render: (_, r) => r.activityName },
    { key: 'window', title: t('ri.col.auditWindow'), render: (_, r) => window_(r) },
    { key: 'open', title: t('ri.col.auditOpen'), render: (_, r) => (r.auditOpen ? t('ri.open') : t('ri.closed')) },
    { key: 'assigned', title: t('ri.col.assigned'), align: 'right', render: (_, r) => r.assigned },
    { key: 'done', title: t('ri.col.done'), align: 'right', render: (_, r) => r.done },
    { key: 'pending', title: t('ri.part.pending'), align: 'right', render: (_, r) => r.pending },
    {
      key: 'actions',
      title: t('actm.col.actions'),
      render: (_, r) => (
        <Button type="link" onClick={() => choose(r.activityId)} aria-pressed={r.activityId === chosen} aria-label={t('ri.my.openOf', { name: r.activityName })}>
          {t('ri.my.open')}
        </Button>
      ),
    },
  ];

  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.wdzppsgk')}</h1>
        <Link to="/management/type=zuopinsh">{t('ri.my.toReview')}</Link>
      </div>
      <FilterBar
        name="myReviewFilters"
        label={t('ri.filters')}
        filters={table.state.filters}
        onSearch={table.setFilters}
        fields={[
          { name: 'keyword', label: t('actm.keyword') },
          { name: 'open', label: t('ri.col.auditOpen'), options: () => [{ value: 1, label: t('ri.open') }, { value: 0, label: t('ri.closed') }] },
        ]}
      />
      <ServerTable<MyAuditActivityRow, typeof MY_REVIEW_SPEC.filters>
        table={table}
        page={page}
        columns={columns}
        rowKey="activityId"
        label={t('ri.table.myActivities')}
        empty={t('ri.empty.myActivities')}
        onRow={(r) => (r.activityId === chosen ? { className: 'ds-ri-chosen', 'aria-current': 'true' } : {})}
      />
      {chosen ? <MyActivity key={chosen} activityId={chosen} /> : null}
    </div>
  );
}

function MyActivity({ activityId }: { activityId: string }) {
  const t = useT();
  const api = useInsightApi();
  const levelName = useLevelName();
  const overview = useAsync(() => api.myAuditOverview(activityId), [api, activityId]);
  const columns: TableColumnsType<MyAuditRow> = [
    { key: 'level', title: t('ri.col.level'), render: (_, r) => r.levelName || levelName(r.level) },
    { key: 'org', title: t('ri.col.unit'), render: (_, r) => r.orgName },
    { key: 'subject', title: t('ri.col.stageSubject'), render: (_, r) => `${r.stageName}${r.subjectName}` },
    { key: 'assigned', title: t('ri.col.assigned'), align: 'right', render: (_, r) => r.assigned },
    { key: 'done', title: t('ri.col.done'), align: 'right', render: (_, r) => r.done },
    { key: 'pending', title: t('ri.part.pending'), align: 'right', render: (_, r) => r.pending },
    { key: 'passed', title: t('ri.part.passed'), align: 'right', render: (_, r) => r.passed },
    { key: 'returned', title: t('ri.part.returned'), align: 'right', render: (_, r) => r.returned },
    { key: 'rejected', title: t('ri.part.rejected'), align: 'right', render: (_, r) => r.rejected },
    { key: 'excellent', title: t('ri.part.excellent'), align: 'right', render: (_, r) => r.excellent },
    {
      key: 'quota',
      title: t('ri.col.quota'),
      render: (_, r) => (r.quota === null ? t('ri.quota.none') : <span className="ds-ri-quota">{t('ri.quota.usedLeft', { used: r.quotaUsed, left: Math.max(0, r.quota - r.quotaUsed), quota: r.quota })}</span>),
    },
  ];
  return (
    <Loaded state={overview}>
      {(o) => (
        <Panel
          id="ri-my-activity"
          title={t('ri.my.title', { name: o.activityName })}
          actions={<ExportButton start={(opts) => api.exportMyAudit(activityId, opts)} fileName={t('ri.file', { name: o.activityName, table: t('mgmt.wdzppsgk') })} />}
        >
          <StatCards
            label={t('ri.totals')}
            items={[
              { key: 'assigned', label: t('ri.col.assigned'), value: o.total.assigned },
              { key: 'done', label: t('ri.col.done'), value: o.total.done },
              { key: 'pending', label: t('ri.part.pending'), value: o.total.pending },
              { key: 'passed', label: t('ri.part.passed'), value: o.total.passed },
              { key: 'returned', label: t('ri.part.returned'), value: o.total.returned },
              { key: 'excellent', label: t('ri.part.excellent'), value: o.total.excellent },
            ]}
          />
          <Table<MyAuditRow>
            aria-label={t('ri.table.myAssignments')}
            rowKey={(r) => `${r.level}-${r.orgId}-${r.stage}-${r.subjectCode}`}
            columns={columns}
            dataSource={o.rows}
            pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
            size="small"
          />
        </Panel>
      )}
    </Loaded>
  );
}
