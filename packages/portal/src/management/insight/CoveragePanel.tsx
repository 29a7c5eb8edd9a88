import type { CoverNodeRow, CoverSummary } from '@dscloud/sdk/review';
import { Alert, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton, ServerTable, useServerPage, useTableState } from '../kit';
import { COVER_STATES, coverageGrid, coverageHeatmap, heatmapHeight, type CoverStateName } from './charts/chartOptions';
import { EChart } from './charts/EChart';
import { allCoverNodes, COVER_CAP } from './coverNodes';
import { FilterBar } from './FilterBar';
import { Loaded, Panel, useStageSubjectFields } from './InsightParts';
import { COVER_NODE_SPEC, toCoverNodeQuery } from './insightSpecs';
import type { ActivityRef } from './paths';
import { useInsightApi } from './useInsightApi';

const STATE_WORD: Record<CoverStateName, 'ri.cover.none' | 'ri.cover.works' | 'ri.cover.passed' | 'ri.cover.excellent'> = {
  none: 'ri.cover.none',
  works: 'ri.cover.works',
  passed: 'ri.cover.passed',
  excellent: 'ri.cover.excellent',
};

/**
 * Curriculum node coverage of an activity: per stage and subject how many nodes have no work, works,
 * a passed or a high-quality work; the heat map of chapters × coverage for the stage and subject
 * chosen in the filters; and the nodes themselves, paged, in curriculum order.
 */
export function CoveragePanel({ activity }: { activity: ActivityRef }) {
  const t = useT();
  const api = useInsightApi();
  const { activityId } = activity;
  const table = useTableState(COVER_NODE_SPEC);
  const { stage, subject } = table.state.filters;
  const cover = useAsync(() => api.cover(activityId), [api, activityId]);
  const page = useServerPage(table.state, (state) => api.coverNodes(toCoverNodeQuery(activityId, state)));
  const all = useAsync(() => allCoverNodes(api.coverNodes, { activityId, stage, subjectCode: subject }), [api, activityId, stage, subject]);
  const words = useMemo(() => Object.fromEntries(COVER_STATES.map((s) => [s, t(STATE_WORD[s])])) as Record<CoverStateName, string>, [t]);
  const grid = useMemo(() => coverageGrid(all.data?.rows ?? []), [all.data]);
  const heat = useMemo(() => coverageHeatmap(grid, words, t('ri.cover.nodes')), [grid, words, t]);
  const stageSubject = useStageSubjectFields();

  const summaryColumns: TableColumnsType<CoverSummary> = [
    { key: 'subject', title: t('ri.col.stageSubject'), render: (_, r) => (r.stage === null ? t('ri.cover.all') : `${r.stageName}${r.subjectName}`) },
    { key: 'nodes', title: t('ri.cover.nodes'), align: 'right', render: (_, r) => r.nodes },
    { key: 'noWork', title: t('ri.cover.none'), align: 'right', render: (_, r) => r.noWork },
    { key: 'withWorks', title: t('ri.cover.works'), align: 'right', render: (_, r) => r.withWorks },
    { key: 'withPassed', title: t('ri.cover.passed'), align: 'right', render: (_, r) => r.withPassed },
    { key: 'withExcellent', title: t('ri.cover.excellent'), align: 'right', render: (_, r) => r.withExcellent },
    { key: 'rate', title: t('ri.cover.rate'), align: 'right', render: (_, r) => (r.nodes ? `${Math.round(((r.nodes - r.noWork) / r.nodes) * 100)}%` : '—') },
  ];
  const nodeColumns: TableColumnsType<CoverNodeRow> = [
    { key: 'node', title: t('ri.cover.node'), render: (_, r) => r.nodeName },
    { key: 'path', title: t('ri.cover.chapter'), render: (_, r) => r.path || '—' },
    { key: 'book', title: t('ri.cover.book'), render: (_, r) => r.bookName || '—' },
    { key: 'signUps', title: t('ri.signUpPersons'), align: 'right', render: (_, r) => r.signUps },
    { key: 'works', title: t('ri.col.works'), align: 'right', render: (_, r) => r.works },
    { key: 'passed', title: t('ri.part.passed'), align: 'right', render: (_, r) => r.passed },
    { key: 'excellent', title: t('ri.part.excellent'), align: 'right', render: (_, r) => r.excellent },
    { key: 'state', title: t('ri.cover.state'), render: (_, r) => <span className={`ds-ri-state ds-ri-state--${r.state}`}>{words[r.state]}</span> },
  ];

  return (
    <Panel
      id="ri-cover"
      title={t('ri.cover.title')}
      actions={
        <>
          <ExportButton start={(o) => api.exportActivityStats(activityId, 'cover', o)} fileName={t('ri.file', { name: activity.name, table: t('ri.cover.title') })} />
          <ExportButton
            label={t('ri.exportNodeWorks')}
            start={(o) => api.exportUploadedWorkNode({ activityId, ...(stage !== undefined ? { stage } : {}), ...(subject !== undefined ? { subjectCode: subject } : {}) }, o)}
            fileName={t('ri.file', { name: activity.name, table: t('ri.exportNodeWorks') })}
          />
        </>
      }
    >
      <Loaded state={cover}>
        {(c) => (
          <Table<CoverSummary>
            aria-label={t('ri.cover.summary')}
            rowKey={(r) => `${r.stage ?? 'all'}-${r.subjectCode ?? 'all'}`}
            columns={summaryColumns}
            dataSource={[c.total, ...c.subjects]}
            pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
            size="small"
          />
        )}
      </Loaded>
      <FilterBar name="coverFilters" label={t('ri.cover.filters')} filters={table.state.filters} onSearch={table.setFilters} fields={[...stageSubject, { name: 'state', label: t('ri.cover.state'), options: () => COVER_STATES.map((s) => ({ value: s, label: words[s] })) }]} />
      <h3 className="ds-ri-subhead">{t('ri.cover.heatmap')}</h3>
      <Loaded state={all}>
        {(nodes) => (
          <>
            {nodes.truncated ? <Alert type="info" showIcon title={t('ri.cover.truncated', { n: COVER_CAP, total: nodes.total })} /> : null}
            <EChart option={heat} height={heatmapHeight(grid.chapters.length)} label={t('ri.chart.heatmap', { chapters: grid.chapters.length, nodes: nodes.rows.length })} />
          </>
        )}
      </Loaded>
      <ServerTable<CoverNodeRow, typeof COVER_NODE_SPEC.filters> table={table} page={page} columns={nodeColumns} rowKey="nodeId" label={t('ri.cover.nodeTable')} empty={t('ri.empty.nodes')} />
    </Panel>
  );
}
