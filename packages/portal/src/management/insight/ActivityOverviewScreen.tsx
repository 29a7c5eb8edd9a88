import type { ActivitySummary } from '@dscloud/sdk/activities';
import type { LevelProgressRow } from '@dscloud/sdk/review';
import { Button, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton } from '../kit';
import { dailyBars } from './charts/chartOptions';
import { EChart } from './charts/EChart';
import { InsightActivityTable } from './InsightActivityTable';
import { Loaded, Panel, StatCards, useCompleted, useLevelName } from './InsightParts';
import { insightPaths, type ActivityRef } from './paths';
import { useInsightApi } from './useInsightApi';

/**
 * 资源征集活动概况 (`/management/type=zyzjhdgk`): the organiser's activities; 概况 opens one below the
 * table (`?activityId=` in the URL): sign-ups, works by state, review progress per level, the daily
 * trend, links to its other figures, and the overview as an Excel file.
 */
export default function ActivityOverviewScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('activityId') ?? undefined;
  const choose = (row: ActivitySummary) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('activityId', row.activityId);
      return next;
    }, { preventScrollReset: true });

  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.zyzjhdgk')}</h1>
      </div>
      <InsightActivityTable
        label={t('ri.table.activities')}
        chosen={chosen}
        actions={(row) => (
          <Button type="link" onClick={() => choose(row)} aria-pressed={row.activityId === chosen}>
            {t('ri.overview.open')}
          </Button>
        )}
      />
      {chosen ? <OverviewPanel key={chosen} activityId={chosen} /> : <p className="ds-mgmt-muted">{t('ri.overview.choose')}</p>}
    </div>
  );
}

function OverviewPanel({ activityId }: { activityId: string }) {
  const t = useT();
  const api = useInsightApi();
  const levelName = useLevelName();
  const overview = useAsync(() => api.overview(activityId), [api, activityId]);
  const daily = useAsync(() => api.daily(activityId), [api, activityId]);
  const activity: ActivityRef = useCompleted({ activityId, activitySystem: '', name: overview.data?.activityName ?? '' });
  const trend = useMemo(
    () => dailyBars(daily.data ?? [], { signUps: t('ri.daily.signUps'), submitted: t('ri.daily.submitted'), decisions: t('ri.daily.decisions') }),
    [daily.data, t],
  );
  const levelColumns: TableColumnsType<LevelProgressRow> = [
    { key: 'level', title: t('ri.col.level'), render: (_, r) => r.levelName || levelName(r.level) },
    { key: 'reviewers', title: t('ri.col.reviewers'), align: 'right', render: (_, r) => r.reviewers },
    { key: 'pending', title: t('ri.part.pending'), align: 'right', render: (_, r) => r.pending },
    { key: 'passed', title: t('ri.part.passed'), align: 'right', render: (_, r) => r.passed },
    { key: 'returned', title: t('ri.part.returned'), align: 'right', render: (_, r) => r.returned },
    { key: 'rejected', title: t('ri.part.rejected'), align: 'right', render: (_, r) => r.rejected },
    { key: 'excellent', title: t('ri.part.excellent'), align: 'right', render: (_, r) => r.excellent },
    { key: 'decisions', title: t('ri.col.decisions'), align: 'right', render: (_, r) => r.decisions },
  ];

  return (
    <Panel
      id="ri-overview"
      title={t('ri.overview.title', { name: activity.name })}
      actions={<ExportButton start={(o) => api.exportOverview(activityId, o)} fileName={t('ri.file', { name: activity.name, table: t('mgmt.zyzjhdgk') })} />}
    >
      <nav className="ds-ri-siblings" aria-label={t('ri.siblings')}>
        <Link to={insightPaths.applicants(activity)}>{t('mgmt.applicants')}</Link>
        <Link to={insightPaths.signUpStatistics(activity)}>{t('mgmt.signUpStatistics')}</Link>
        <Link to={insightPaths.opusStatistics(activity)}>{t('mgmt.opusStatistics')}</Link>
        <Link to={insightPaths.qualityWorks(activity)}>{t('mgmt.qualityWorks')}</Link>
        <Link to={insightPaths.reviewerDetail(activity)}>{t('mgmt.jspsxqdetail')}</Link>
      </nav>
      <Loaded state={overview}>
        {(o) => (
          <>
            <StatCards
              label={t('ri.totals')}
              items={[
                { key: 'signUpPersons', label: t('ri.signUpPersons'), value: o.signUpPersons },
                { key: 'signUpNodes', label: t('ri.signUpNodes'), value: o.signUpNodes },
                { key: 'works', label: t('ri.col.works'), value: o.counts.works },
                { key: 'drafts', label: t('ri.drafts'), value: o.drafts },
                { key: 'submitted', label: t('ri.col.submitted'), value: o.counts.submitted },
                { key: 'pending', label: t('ri.part.pending'), value: o.counts.pending },
                { key: 'passed', label: t('ri.part.passed'), value: o.counts.passed },
                { key: 'excellent', label: t('ri.part.excellent'), value: o.counts.excellent },
              ]}
            />
            <h3 className="ds-ri-subhead">{t('ri.levels')}</h3>
            <Table<LevelProgressRow> aria-label={t('ri.levels')} rowKey="level" columns={levelColumns} dataSource={o.levels} pagination={{ hideOnSinglePage: true, defaultPageSize: 10 }} size="small" />
          </>
        )}
      </Loaded>
      <h3 className="ds-ri-subhead">{t('ri.daily')}</h3>
      <Loaded state={daily}>{(rows) => <EChart option={trend} label={t('ri.chart.daily', { n: rows.length })} height={260} />}</Loaded>
    </Panel>
  );
}
