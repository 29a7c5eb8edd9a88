import type { TableColumnsType } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton } from '../kit';
import { countBars } from './charts/chartOptions';
import { ActivityHead, Loaded, StatCards, useNamedActivity } from './InsightParts';
import { SubjectAreaPanels, type SubjectOrAreaRow } from './SubjectAreaPanels';
import { useInsightApi } from './useInsightApi';

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
  const totals = useAsync(() => api.totals(activityId), [api, activityId]);
  const fileName = (table: string) => t('ri.file', { name: activity.name, table });
  const chart = useCallback((rows: Array<{ name: string; row: SubjectOrAreaRow }>) => countBars(rows.map((r) => ({ name: r.name, value: r.row.signUpPersons })), t('ri.signUpPersons')), [t]);
  const columns: TableColumnsType<SubjectOrAreaRow> = [
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
      <SubjectAreaPanels
        activity={activity}
        idPrefix="ri-su"
        words={{ subject: 'ri.bySubject', subjectTable: 'ri.bySubject', district: 'ri.byDistrict', school: 'ri.bySchool', subjectChart: 'ri.chart.signUpsBySubject', areaChart: 'ri.chart.signUpsByArea' }}
        chart={chart}
        columns={columns}
        split
      />
    </div>
  );
}
