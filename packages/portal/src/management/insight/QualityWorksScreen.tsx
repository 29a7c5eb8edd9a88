import type { HighQualityWorkRow } from '@dscloud/sdk/review';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { ExportButton, ServerTable, useServerPage, useTableState } from '../kit';
import { HighQualityFilters } from './HighQualityFilters';
import { ActivityHead, useActivityRef } from './InsightParts';
import { QUALITY_SPEC, toHighQualityQuery, withoutPaging } from './insightSpecs';
import { insightPaths } from './paths';
import { useInsightApi } from './useInsightApi';

/**
 * 优秀作品管理 (`/management/type=quality-works/{activityId}/{activitySystem}/{activityName}`): the
 * works of the activity marked high-quality at the top level, filtered by stage, subject, edition,
 * book and keyword (in the URL), each opening its public page; 导出 writes every matching row.
 */
export default function QualityWorksScreen() {
  const t = useT();
  const api = useInsightApi();
  const activity = useActivityRef();
  const table = useTableState(QUALITY_SPEC);
  const page = useServerPage(table.state, (state) => api.manageHighQuality(toHighQualityQuery(state, activity.activityId)));

  const columns: TableColumnsType<HighQualityWorkRow> = [
    {
      key: 'title',
      title: t('ri.col.title'),
      render: (_, r) => (r.lessonId ? <Link to={insightPaths.goodWork(r.lessonId)}>{r.title}</Link> : r.title),
    },
    { key: 'teacher', title: t('ri.col.teacher'), render: (_, r) => r.teacherName || '—' },
    { key: 'school', title: t('ri.col.school'), render: (_, r) => [r.districtName, r.schoolName].filter(Boolean).join(' · ') || '—' },
    { key: 'subject', title: t('ri.col.stageSubject'), render: (_, r) => `${r.stageName}${r.subjectName}` },
    { key: 'book', title: t('ri.col.book'), render: (_, r) => [r.editionName, r.bookName].filter(Boolean).join(' · ') || '—' },
    { key: 'node', title: t('ri.cover.node'), render: (_, r) => r.nodeName || '—' },
    { key: 'score', title: t('ri.col.score'), align: 'right', render: (_, r) => r.score ?? '—' },
    { key: 'excellentAt', title: t('ri.col.excellentAt'), render: (_, r) => (r.excellentAt ? dateTime(r.excellentAt) : '—') },
  ];

  return (
    <div className="ds-mgmt-screen">
      <ActivityHead activity={activity} title="mgmt.qualityWorks" />
      <HighQualityFilters activityId={activity.activityId} filters={table.state.filters} onChange={table.setFilters} label={t('ri.filters')} />
      <div className="ds-mgmt-batch">
        <ExportButton
          start={(o) => api.exportHighQuality(withoutPaging(toHighQualityQuery(table.state, activity.activityId)), o)}
          fileName={t('ri.file', { name: activity.name, table: t('mgmt.qualityWorks') })}
        />
      </div>
      <ServerTable<HighQualityWorkRow, typeof QUALITY_SPEC.filters>
        table={table}
        page={page}
        columns={columns}
        rowKey="workId"
        label={t('ri.table.qualityWorks')}
        empty={t('ri.empty.qualityWorks')}
      />
    </div>
  );
}
