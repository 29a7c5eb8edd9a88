import { PlusOutlined } from '@ant-design/icons';
import { ActivityPhases, ActivitySystems, type ActivitySummary } from '@dscloud/sdk/activities';
import { Button, Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLocale, useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { BatchBar, ServerTable, useActions, useMgmtRights, useServerPage, useTableState } from '../kit';
import { activityActions } from './activityActions';
import { actionsFor, undeletable } from './activityStates';
import { ACTIVITY_SPEC, toActivityPageBody } from './activityTableSpec';
import { phaseWindow } from './phaseWindow';
import { useActivityManageApi } from './useActivityManageApi';
import { WorksDrawer } from './WorksDrawer';
import { ActivityInsightMenu } from '../insight/ActivityInsightMenu';
import { ActivityFilterBar } from './ActivityFilterBar';
import { editPath } from './paths';
import '../management.css';
import './activities.css';

/** A window is running: teachers or reviewers are at work. */
const RUNNING = new Set(['signUp', 'upload', 'review']);

/**
 * 征集活动管理 (`/management/type=activemana`): the organiser's activities in their scope, filtered
 * by name, type and status/phase (in the URL), with the actions each status allows — edit, publish,
 * withdraw, back to draft, publish again, delete (also in batch) and the works of an activity.
 */
export default function ActivitiesScreen() {
  const t = useT();
  const locale = useLocale();
  const api = useActivityManageApi();
  const navigate = useNavigate();
  const table = useTableState(ACTIVITY_SPEC);
  const page = useServerPage(table.state, (state) => api.page(toActivityPageBody(state)));
  const canWrite = useMgmtRights().has('write');
  const { run, holder } = useActions();
  const [selected, setSelected] = useState<string[]>([]);
  const [worksOf, setWorksOf] = useState<ActivitySummary | null>(null);
  const reload = page.reload;
  const act = useMemo(
    () =>
      activityActions(api, t, () => {
        setSelected([]);
        reload();
      }),
    [api, t, reload],
  );
  const rows = page.data?.rows ?? [];
  const chosen = rows.filter((r) => selected.includes(r.activityId));
  const blocked = undeletable(chosen);
  const en = locale === 'en';

  const columns: TableColumnsType<ActivitySummary> = [
    {
      key: 'name',
      title: t('actm.col.name'),
      render: (_, row) => (canWrite ? <Link to={editPath(row.activityId)}>{row.name}</Link> : row.name),
    },
    { key: 'org', title: t('actm.col.org'), render: (_, row) => row.orgName || '—' },
    {
      key: 'system',
      title: t('actm.col.system'),
      render: (_, row) => {
        const system = ActivitySystems.find(row.activitySystem);
        return system ? (en ? system.labelEn : system.label) : row.activitySystemName || '—';
      },
    },
    {
      key: 'phase',
      title: t('actm.col.phase'),
      render: (_, row) => {
        const phase = ActivityPhases.find(row.phase);
        const when = phaseWindow(row);
        return (
          <span className="ds-act-phase">
            <span className={`ds-act-tag${RUNNING.has(row.phase) ? ' ds-act-tag--running' : ''}`}>{phase ? (en ? phase.labelEn : phase.label) : row.phase}</span>
            {when ? <span className="ds-mgmt-muted">{t(`actm.${when.word}`, { time: dateTime(when.time) })}</span> : null}
          </span>
        );
      },
    },
    { key: 'signUpCount', title: t('actm.col.signUps'), align: 'right', render: (_, row) => row.signUpCount },
    { key: 'workCount', title: t('actm.col.works'), align: 'right', render: (_, row) => row.workCount },
    {
      key: 'actions',
      title: t('actm.col.actions'),
      render: (_, row) => (
        <Space size={0} wrap role="group" aria-label={t('actm.actionsFor', { name: row.name })}>
          {actionsFor(row)
            .filter((action) => canWrite || action === 'works')
            .map((action) => {
              switch (action) {
                case 'edit':
                case 'view':
                  return (
                    <Button key={action} type="link" onClick={() => void navigate(editPath(row.activityId))}>
                      {t(`actm.${action}`)}
                    </Button>
                  );
                case 'works':
                  return [
                    <Button key={action} type="link" onClick={() => setWorksOf(row)}>
                      {t('actm.works')}
                    </Button>,
                    <ActivityInsightMenu key="insight" activity={row} />,
                  ];
                case 'delete':
                  return (
                    <Button key={action} type="link" danger onClick={() => void run(act.remove([row]))}>
                      {t('actm.delete')}
                    </Button>
                  );
                default:
                  return (
                    <Button key={action} type="link" danger={action === 'withdraw'} onClick={() => void run(act.status(row, action))}>
                      {t(`actm.${action}`)}
                    </Button>
                  );
              }
            })}
        </Space>
      ),
    },
  ];

  return (
    <div className="ds-mgmt-screen">
      {holder}
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.activemana')}</h1>
      </div>
      <ActivityFilterBar filters={table.state.filters} onSearch={table.setFilters} />
      {canWrite ? (
        <BatchBar selected={chosen.length}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(editPath())}>
            {t('actm.new')}
          </Button>
          <Button danger disabled={!chosen.length || blocked.length > 0} onClick={() => void run(act.remove(chosen))}>
            {t('actm.batchDelete')}
          </Button>
          {blocked.length ? (
            <span className="ds-act-blocked" role="status">
              {t('actm.batchDeleteBlocked', { names: blocked.map((r) => `《${r.name}》`).join('、') })}
            </span>
          ) : null}
        </BatchBar>
      ) : null}
      <ServerTable<ActivitySummary, typeof ACTIVITY_SPEC.filters>
        table={table}
        page={page}
        columns={columns}
        rowKey="activityId"
        rowName={(row) => `《${row.name}》`}
        label={t('actm.table')}
        selection={canWrite ? { selected, onChange: setSelected } : undefined}
        empty={t('actm.empty')}
      />
      <WorksDrawer activity={worksOf} onClose={() => setWorksOf(null)} />
    </div>
  );
}
