import type { SignUpPersonRow } from '@dscloud/sdk/review';
import type { TableColumnsType } from 'antd';
import { useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { useAsync } from '../../lessons/useAsync';
import { ExportButton, ServerTable, useServerPage, useTableState } from '../kit';
import { FilterBar } from './FilterBar';
import { ActivityHead, useActivityRef, useStageSubjectFields } from './InsightParts';
import { APPLICANT_SPEC, toSignUpPersonQuery } from './insightSpecs';
import { useInsightApi } from './useInsightApi';

/**
 * 报名人员 (`/management/type=applicants/{activityId}/{activitySystem}/{activityName}`): the teachers
 * signed up for the activity, filtered by name or phone, stage, subject and district (in the URL),
 * with their nodes and works; 导出 writes every matching row.
 */
export default function ApplicantsScreen() {
  const t = useT();
  const api = useInsightApi();
  const activity = useActivityRef();
  const table = useTableState(APPLICANT_SPEC);
  const page = useServerPage(table.state, (state) => api.signUpPersons(toSignUpPersonQuery(activity.activityId, state)));
  const districts = useAsync(() => api.byArea(activity.activityId), [api, activity.activityId]);
  const stageSubject = useStageSubjectFields();

  const columns: TableColumnsType<SignUpPersonRow> = [
    { key: 'realName', title: t('ri.col.teacher'), render: (_, r) => r.realName },
    { key: 'phone', title: t('ri.col.phone'), render: (_, r) => r.phone || '—' },
    { key: 'school', title: t('ri.col.school'), render: (_, r) => r.schoolName || '—' },
    { key: 'district', title: t('ri.col.district'), render: (_, r) => r.districtName || '—' },
    { key: 'subject', title: t('ri.col.stageSubject'), render: (_, r) => `${r.stageName}${r.subjectName}` },
    { key: 'nodeCount', title: t('ri.col.nodes'), align: 'right', render: (_, r) => r.nodeCount },
    { key: 'workCount', title: t('ri.col.works'), align: 'right', render: (_, r) => r.workCount },
    { key: 'submittedCount', title: t('ri.col.submitted'), align: 'right', render: (_, r) => r.submittedCount },
    { key: 'signedUpAt', title: t('ri.col.signedUpAt'), render: (_, r) => dateTime(r.signedUpAt) },
  ];

  return (
    <div className="ds-mgmt-screen">
      <ActivityHead activity={activity} title="mgmt.applicants" />
      <FilterBar
        name="applicantFilters"
        label={t('ri.filters')}
        filters={table.state.filters}
        onSearch={table.setFilters}
        fields={[
          { name: 'keyword', label: t('ri.keyword.teacher') },
          ...stageSubject,
          { name: 'district', label: t('ri.col.district'), options: () => (districts.data ?? []).map((d) => ({ value: d.orgId, label: d.orgName })) },
        ]}
      />
      <div className="ds-mgmt-batch">
        <ExportButton
          start={(o) => api.exportActivityStats(activity.activityId, 'signUpPersons', o)}
          fileName={t('ri.file', { name: activity.name, table: t('mgmt.applicants') })}
        />
      </div>
      <ServerTable<SignUpPersonRow, typeof APPLICANT_SPEC.filters>
        table={table}
        page={page}
        columns={columns}
        rowKey="signUpId"
        label={t('ri.table.applicants')}
        empty={t('ri.empty.applicants')}
      />
    </div>
  );
}
