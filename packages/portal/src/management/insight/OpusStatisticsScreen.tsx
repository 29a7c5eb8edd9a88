import type { AreaStatRow, SubjectStatRow, WorkCounts } from '@dscloud/sdk/review';
import { Button, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton } from '../kit';
import { WORK_PARTS, workParts, workStateBars, type WorkPart } from './charts/chartOptions';
import { EChart } from './charts/EChart';
import { CoveragePanel } from './CoveragePanel';
import { ActivityHead, Loaded, Panel, StatCards, useNamedActivity } from './InsightParts';
import { useInsightApi } from './useInsightApi';

const PAGING = { defaultPageSize: 10, showSizeChanger: true } as const;
const PART_WORD: Record<WorkPart, `ri.part.${WorkPart}`> = {
  notSubmitted: 'ri.part.notSubmitted',
  pending: 'ri.part.pending',
  returned: 'ri.part.returned',
  passed: 'ri.part.passed',
  excellent: 'ri.part.excellent',
  rejected: 'ri.part.rejected',
};

/**
 * 作品统计 (`/management/type=opus-statistics/{activityId}/{activitySystem}`): the works of an activity
 * by state — totals, by subject and by area (district, then its schools with `?district=`) as stacked
 * bars over their tables — and the curriculum node coverage with its heat map. Every table exports.
 */
export default function OpusStatisticsScreen() {
  const t = useT();
  const api = useInsightApi();
  const activity = useNamedActivity();
  const { activityId } = activity;
  const [params, setParams] = useSearchParams();
  const districtId = params.get('district') ?? undefined;
  const totals = useAsync(() => api.totals(activityId), [api, activityId]);
  const subjects = useAsync(() => api.bySubject(activityId), [api, activityId]);
  const areas = useAsync(() => api.byArea(activityId, districtId), [api, activityId, districtId]);
  const words = useMemo(() => Object.fromEntries(WORK_PARTS.map((p) => [p, t(PART_WORD[p])])) as Record<WorkPart, string>, [t]);
  const subjectChart = useMemo(() => workStateBars((subjects.data ?? []).map((r) => ({ name: `${r.stageName}${r.subjectName}`, counts: r })), words), [subjects.data, words]);
  const areaChart = useMemo(() => workStateBars((areas.data ?? []).map((r) => ({ name: r.orgName, counts: r })), words), [areas.data, words]);
  const fileName = (table: string) => t('ri.file', { name: activity.name, table });
  const setDistrict = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('district', id);
      else next.delete('district');
      return next;
    });

  const countColumns = <T extends WorkCounts>(): TableColumnsType<T> => [
    { key: 'works', title: t('ri.col.works'), align: 'right', render: (_, r) => r.works },
    { key: 'submitted', title: t('ri.col.submitted'), align: 'right', render: (_, r) => r.submitted },
    ...WORK_PARTS.filter((p) => p !== 'notSubmitted').map((p) => ({ key: p, title: words[p], align: 'right' as const, render: (_: unknown, r: T) => workParts(r)[p] })),
  ];
  const subjectColumns: TableColumnsType<SubjectStatRow> = [{ key: 'subject', title: t('ri.col.stageSubject'), render: (_, r) => `${r.stageName}${r.subjectName}` }, ...countColumns<SubjectStatRow>()];
  const areaColumns: TableColumnsType<AreaStatRow> = [
    {
      key: 'org',
      title: districtId ? t('ri.col.school') : t('ri.col.district'),
      render: (_, r) =>
        r.kind === 'district' ? (
          <Button type="link" className="ds-ri-drill" onClick={() => setDistrict(r.orgId)}>
            {r.orgName}
          </Button>
        ) : (
          r.orgName
        ),
    },
    ...countColumns<AreaStatRow>(),
  ];

  return (
    <div className="ds-mgmt-screen">
      <ActivityHead activity={activity} title="mgmt.opusStatistics" extra={<ExportButton label={t('ri.exportAll')} start={(o) => api.exportActivityStats(activityId, 'all', o)} fileName={fileName(t('mgmt.opusStatistics'))} />} />
      <Loaded state={totals}>
        {(d) => (
          <StatCards
            label={t('ri.totals')}
            items={[
              { key: 'works', label: t('ri.col.works'), value: d.works },
              { key: 'submitted', label: t('ri.col.submitted'), value: d.submitted },
              ...WORK_PARTS.filter((p) => p !== 'notSubmitted').map((p) => ({ key: p, label: words[p], value: workParts(d)[p] })),
            ]}
          />
        )}
      </Loaded>
      <Panel id="ri-op-subject" title={t('ri.worksBySubject')} actions={<ExportButton start={(o) => api.exportActivityStats(activityId, 'subject', o)} fileName={fileName(t('ri.bySubject'))} />}>
        <Loaded state={subjects}>
          {(rows) => (
            <>
              <EChart option={subjectChart} label={t('ri.chart.worksBySubject', { n: rows.length })} />
              <Table<SubjectStatRow> aria-label={t('ri.worksBySubject')} rowKey={(r) => `${r.stage}-${r.subjectCode}`} columns={subjectColumns} dataSource={rows} pagination={PAGING} size="small" />
            </>
          )}
        </Loaded>
      </Panel>
      <Panel
        id="ri-op-area"
        title={districtId ? t('ri.worksBySchool') : t('ri.worksByDistrict')}
        actions={
          <>
            {districtId ? <Button onClick={() => setDistrict(null)}>{t('ri.backToDistricts')}</Button> : null}
            <ExportButton start={(o) => api.exportActivityStats(activityId, 'area', o)} fileName={fileName(t('ri.byArea'))} />
          </>
        }
      >
        <Loaded state={areas}>
          {(rows) => (
            <>
              <EChart option={areaChart} label={t('ri.chart.worksByArea', { n: rows.length })} />
              <Table<AreaStatRow> aria-label={t('ri.byArea')} rowKey="orgId" columns={areaColumns} dataSource={rows} pagination={PAGING} size="small" />
            </>
          )}
        </Loaded>
      </Panel>
      <CoveragePanel activity={activity} />
    </div>
  );
}
