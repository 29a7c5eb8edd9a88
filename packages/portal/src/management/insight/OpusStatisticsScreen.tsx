import type { WorkCounts } from '@dscloud/sdk/review';
import type { TableColumnsType } from 'antd';
import { useCallback, useMemo } from 'react';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton } from '../kit';
import { WORK_PARTS, workParts, workStateBars, type WorkPart } from './charts/chartOptions';
import { CoveragePanel } from './CoveragePanel';
import { ActivityHead, Loaded, StatCards, useNamedActivity } from './InsightParts';
import { SubjectAreaPanels, type SubjectOrAreaRow } from './SubjectAreaPanels';
import { useInsightApi } from './useInsightApi';

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
  const totals = useAsync(() => api.totals(activityId), [api, activityId]);
  const words = useMemo(() => Object.fromEntries(WORK_PARTS.map((p) => [p, t(PART_WORD[p])])) as Record<WorkPart, string>, [t]);
  const chart = useCallback((rows: Array<{ name: string; row: SubjectOrAreaRow }>) => workStateBars(rows.map((r) => ({ name: r.name, counts: r.row })), words), [words]);
  const fileName = (table: string) => t('ri.file', { name: activity.name, table });
  const columns: TableColumnsType<SubjectOrAreaRow> = [
    { key: 'works', title: t('ri.col.works'), align: 'right', render: (_, r) => r.works },
    { key: 'submitted', title: t('ri.col.submitted'), align: 'right', render: (_, r) => r.submitted },
    ...WORK_PARTS.filter((p) => p !== 'notSubmitted').map((p) => ({ key: p, title: words[p], align: 'right' as const, render: (_: unknown, r: WorkCounts) => workParts(r)[p] })),
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
      <SubjectAreaPanels
        activity={activity}
        idPrefix="ri-op"
        words={{
          subject: 'ri.worksBySubject',
          subjectTable: 'ri.worksBySubject',
          district: 'ri.worksByDistrict',
          school: 'ri.worksBySchool',
          subjectChart: 'ri.chart.worksBySubject',
          areaChart: 'ri.chart.worksByArea',
        }}
        chart={chart}
        columns={columns}
      />
      <CoveragePanel activity={activity} />
    </div>
  );
}
