import { ActivityPhases, type ActivitySummary } from '@dscloud/sdk/activities';
import { Space, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { ActivityFilterBar } from '../activities/ActivityFilterBar';
import { ACTIVITY_SPEC, toActivityPageBody } from '../activities/activityTableSpec';
import { useActivityManageApi } from '../activities/useActivityManageApi';
import { ServerTable, useServerPage, useTableState } from '../kit';
import { useLabel } from './InsightParts';

/**
 * The organiser's activities (the same call, filters and URL state as 征集活动管理) as the entry of the
 * statistics screens: each row offers the screen's own actions.
 */
export function InsightActivityTable({ label, actions, chosen }: { label: string; actions: (row: ActivitySummary) => ReactNode; chosen?: string }) {
  const t = useT();
  const api = useActivityManageApi();
  const table = useTableState(ACTIVITY_SPEC);
  const page = useServerPage(table.state, (state) => api.page(toActivityPageBody(state)));
  const name = useLabel();

  const columns: TableColumnsType<ActivitySummary> = [
    { key: 'name', title: t('actm.col.name'), render: (_, r) => r.name },
    { key: 'org', title: t('actm.col.org'), render: (_, r) => r.orgName || '—' },
    { key: 'phase', title: t('actm.col.phase'), render: (_, r) => name(ActivityPhases.find(r.phase), r.phase) },
    { key: 'signUpCount', title: t('actm.col.signUps'), align: 'right', render: (_, r) => r.signUpCount },
    { key: 'workCount', title: t('actm.col.works'), align: 'right', render: (_, r) => r.workCount },
    {
      key: 'actions',
      title: t('actm.col.actions'),
      render: (_, r) => (
        <Space size={0} wrap role="group" aria-label={t('actm.actionsFor', { name: r.name })}>
          {actions(r)}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ActivityFilterBar filters={table.state.filters} onSearch={table.setFilters} />
      <ServerTable<ActivitySummary, typeof ACTIVITY_SPEC.filters>
        table={table}
        page={page}
        columns={columns}
        rowKey="activityId"
        label={label}
        empty={t('actm.empty')}
        onRow={(r) => (r.activityId === chosen ? { className: 'ds-ri-chosen', 'aria-current': 'true' } : {})}
      />
    </>
  );
}
