import type { AreaStatRow, SubjectStatRow } from '@dscloud/sdk/review';
import { Button, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton } from '../kit';
import { countBars } from './charts/chartOptions';
import { EChart } from './charts/EChart';
import { ActivityHead, Loaded, Panel, StatCards, useNamedActivity } from './InsightParts';
import { useInsightApi } from './useInsightApi';

const PAGING = { defaultPageSize: 10, showSizeChanger: true } as const;

/**
 * 报名统计 (`/management/type=sign-up-statistics/{activityId}/{activitySystem}`): who signed up — the
 * totals, sign-up persons by subject and by district (a district opens onto its schools, `?district=`
 * in the URL), each as a bar chart over its table, each table exportable.
 */
export default function SignUpStatisticsScreen() {
  const t = useT();
  const api = useInsightApi();
  const activity = useNamedActivity();
  const { activityId } = activity;
  const [params, setParams] = useSearchParams();
  const districtId = params.get('district') ?? undefined;
  const totals = useAsync(() => api.totals(activityId), [api, activityId]);
  const subjects = useAsync(() => api.bySubject(activityId), [api, activityId]);
  const areas = useAsync(() => api.byArea(activityId, districtId), [api, activityId, districtId]);
  const fileName = (table: string) => t('ri.file', { name: activity.name, table });
  const setDistrict = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('district', id);
      else next.delete('district');
      return next;
    });

  const subjectChart = useMemo(
    () => countBars((subjects.data ?? []).map((r) => ({ name: `${r.stageName}${r.subjectName}`, value: r.signUpPersons })), t('ri.signUpPersons')),
    [subjects.data, t],
  );
  const areaChart = useMemo(() => countBars((areas.data ?? []).map((r) => ({ name: r.orgName, value: r.signUpPersons })), t('ri.signUpPersons')), [areas.data, t]);

  const subjectColumns: TableColumnsType<SubjectStatRow> = [
    { key: 'subject', title: t('ri.col.stageSubject'), render: (_, r) => `${r.stageName}${r.subjectName}` },
    { key: 'signUpPersons', title: t('ri.signUpPersons'), align: 'right', render: (_, r) => r.signUpPersons },
    { key: 'works', title: t('ri.col.works'), align: 'right', render: (_, r) => r.works },
    { key: 'submitted', title: t('ri.col.submitted'), align: 'right', render: (_, r) => r.submitted },
  ];
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
    { key: 'signUpPersons', title: t('ri.signUpPersons'), align: 'right', render: (_, r) => r.signUpPersons },
    { key: 'works', title: t('ri.col.works'), align: 'right', render: (_, r) => r.works },
    { key: 'submitted', title: t('ri.col.submitted'), align: 'right', render: (_, r) => r.submitted },
  ];

  return (
    <div className="ds-mgmt-screen">
      <ActivityHead activity={activity} title="mgmt.signUpStatistics" extra={<ExportButton label={t('ri.exportAll')} start={(o) => api.exportActivityStats(activityId, 'all', o)} fileName={fileName(t('mgmt.signUpStatistics'))} />} />
      <Loaded state={totals}>
        {(d) => (
          <StatCards
            label={t('ri.totals')}
            items={[
              { key: 'signUpPersons', label: t('ri.signUpPersons'), value: d.signUpPersons },
              { key: 'signUpNodes', label: t('ri.signUpNodes'), value: d.signUpNodes },
              { key: 'schools', label: t('ri.schools'), value: d.schools },
              { key: 'districts', label: t('ri.districts'), value: d.districts },
              { key: 'works', label: t('ri.col.works'), value: d.works },
              { key: 'submitted', label: t('ri.col.submitted'), value: d.submitted },
            ]}
          />
        )}
      </Loaded>
      <Panel id="ri-su-subject" title={t('ri.bySubject')} actions={<ExportButton start={(o) => api.exportActivityStats(activityId, 'subject', o)} fileName={fileName(t('ri.bySubject'))} />}>
        <Loaded state={subjects}>
          {(rows) => (
            <div className="ds-ri-split">
              <EChart option={subjectChart} label={t('ri.chart.signUpsBySubject', { n: rows.length })} />
              <Table<SubjectStatRow> aria-label={t('ri.bySubject')} rowKey={(r) => `${r.stage}-${r.subjectCode}`} columns={subjectColumns} dataSource={rows} pagination={PAGING} size="small" />
            </div>
          )}
        </Loaded>
      </Panel>
      <Panel
        id="ri-su-area"
        title={districtId ? t('ri.bySchool') : t('ri.byDistrict')}
        actions={
          <>
            {districtId ? <Button onClick={() => setDistrict(null)}>{t('ri.backToDistricts')}</Button> : null}
            <ExportButton start={(o) => api.exportActivityStats(activityId, 'area', o)} fileName={fileName(t('ri.byArea'))} />
          </>
        }
      >
        <Loaded state={areas}>
          {(rows) => (
            <div className="ds-ri-split">
              <EChart option={areaChart} label={t('ri.chart.signUpsByArea', { n: rows.length })} />
              <Table<AreaStatRow> aria-label={t('ri.byArea')} rowKey="orgId" columns={areaColumns} dataSource={rows} pagination={PAGING} size="small" />
            </div>
          )}
        </Loaded>
      </Panel>
    </div>
  );
}
