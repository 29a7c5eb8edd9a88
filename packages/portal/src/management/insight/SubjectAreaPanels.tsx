import type { AreaStatRow, SubjectStatRow } from '@dscloud/sdk/review';
import { Button, Table, type TableColumnsType } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useT, type TKey } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton } from '../kit';
import type { ChartOption } from './charts/chartOptions';
import { EChart } from './charts/EChart';
import { Loaded, Panel } from './InsightParts';
import type { ActivityRef } from './paths';
import { useInsightApi } from './useInsightApi';

const PAGING = { defaultPageSize: 10, showSizeChanger: true } as const;

/** What the subject and area rows share: the sign-up persons and the work counts. */
export type SubjectOrAreaRow = SubjectStatRow | AreaStatRow;

export interface SubjectAreaPanelsProps {
  activity: ActivityRef;
  /** Prefix of the panels' ids (`{idPrefix}-subject`, `{idPrefix}-area`). */
  idPrefix: string;
  words: {
    subject: TKey;
    subjectTable: TKey;
    district: TKey;
    school: TKey;
    subjectChart: TKey;
    areaChart: TKey;
  };
  /** The chart over a panel's rows, each named (stage and subject, or the district or school). */
  chart: (rows: Array<{ name: string; row: SubjectOrAreaRow }>) => ChartOption;
  /** The figure columns after the name column (the same for both tables). */
  columns: TableColumnsType<SubjectOrAreaRow>;
  /** Chart beside the table (`ds-ri-split`) rather than above it. */
  split?: boolean;
}

/**
 * The two panels the sign-up and works statistics share: by stage and subject, and by area (the
 * districts; a district opens onto its schools with `?district=` in the URL) — each a chart over its
 * table, each table exportable.
 */
export function SubjectAreaPanels({ activity, idPrefix, words, chart, columns, split = false }: SubjectAreaPanelsProps) {
  const t = useT();
  const api = useInsightApi();
  const { activityId } = activity;
  const [params, setParams] = useSearchParams();
  const districtId = params.get('district') ?? undefined;
  const subjects = useAsync(() => api.bySubject(activityId), [api, activityId]);
  const areas = useAsync(() => api.byArea(activityId, districtId), [api, activityId, districtId]);
  const fileName = (table: string) => t('ri.file', { name: activity.name, table });
  const setDistrict = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('district', id);
      else next.delete('district');
      return next;
    }, { preventScrollReset: true });
  const subjectChart = useMemo(() => chart((subjects.data ?? []).map((r) => ({ name: `${r.stageName}${r.subjectName}`, row: r }))), [subjects.data, chart]);
  const areaChart = useMemo(() => chart((areas.data ?? []).map((r) => ({ name: r.orgName, row: r }))), [areas.data, chart]);

  const subjectColumns = [{ key: 'subject', title: t('ri.col.stageSubject'), render: (_, r) => `${r.stageName}${r.subjectName}` }, ...columns] as TableColumnsType<SubjectStatRow>;
  const areaColumns = [
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
    ...columns,
  ] as TableColumnsType<AreaStatRow>;
  // A plain function, not a component: the chart must not remount on every render.
  const layout = (children: ReactNode) => (split ? <div className="ds-ri-split">{children}</div> : <>{children}</>);

  return (
    <>
      <Panel id={`${idPrefix}-subject`} title={t(words.subject)} actions={<ExportButton start={(o) => api.exportActivityStats(activityId, 'subject', o)} fileName={fileName(t('ri.bySubject'))} />}>
        <Loaded state={subjects}>
          {(rows) => (
            layout(
              <>
                <EChart option={subjectChart} label={t(words.subjectChart, { n: rows.length })} />
                <Table<SubjectStatRow> aria-label={t(words.subjectTable)} rowKey={(r) => `${r.stage}-${r.subjectCode}`} columns={subjectColumns} dataSource={rows} pagination={PAGING} size="small" />
              </>,
            )
          )}
        </Loaded>
      </Panel>
      <Panel
        id={`${idPrefix}-area`}
        title={t(districtId ? words.school : words.district)}
        actions={
          <>
            {districtId ? <Button onClick={() => setDistrict(null)}>{t('ri.backToDistricts')}</Button> : null}
            <ExportButton start={(o) => api.exportActivityStats(activityId, 'area', o)} fileName={fileName(t('ri.byArea'))} />
          </>
        }
      >
        <Loaded state={areas}>
          {(rows) => (
            layout(
              <>
                <EChart option={areaChart} label={t(words.areaChart, { n: rows.length })} />
                <Table<AreaStatRow> aria-label={t('ri.byArea')} rowKey="orgId" columns={areaColumns} dataSource={rows} pagination={PAGING} size="small" />
              </>,
            )
          )}
        </Loaded>
      </Panel>
    </>
  );
}
