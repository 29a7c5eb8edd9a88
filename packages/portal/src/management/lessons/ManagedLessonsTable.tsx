import { Subjects } from '@dscloud/sdk/codes';
import { Button, Space, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LessonSummary } from '../../api/lessons';
import { useLocale, useT, type TKey } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { BatchBar, ServerTable, useActions, useMgmtRights, useServerPage, useTableState } from '../kit';
import { LessonFilterBar } from './LessonFilterBar';
import { lessonActions } from './lessonActions';
import { BROADCAST_SPEC, LIVE_SPEC, toLessonFilter } from './lessonTableSpec';
import { useManageLessonsApi } from './useManageLessonsApi';
import { useVideoStates, VideoStatesCell } from '../../lessons/teach/VideoStates';
import '../../lessons/teach/teach.css';

export type LessonKind = 'live' | 'broadcast';

export interface ManagedLessonsTableProps {
  kind: LessonKind;
  /** Extra row buttons of the screen (edit, preview, make live), after the common ones. */
  rowExtras?: (row: LessonSummary) => ReactNode;
  /** Buttons before the batch buttons (new lesson). */
  toolbar?: ReactNode;
  /** Bumped by the screen after a change made outside the table (a save in the drawer): reloads. */
  version?: number;
}

/**
 * The table both lesson screens share: filters and paging in the URL, the manager view of the kind,
 * publish / cancel publish (row and batch), the excellent flag and delete. Users who may only read see
 * the table without the buttons (the server refuses their writes anyway).
 */
export function ManagedLessonsTable({ kind, rowExtras, toolbar, version = 0 }: ManagedLessonsTableProps) {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useManageLessonsApi();
  const table = useTableState(kind === 'live' ? LIVE_SPEC : BROADCAST_SPEC);
  const page = useServerPage(table.state, (state) => (kind === 'live' ? api.livePage(toLessonFilter(state)) : api.onDemandPage(toLessonFilter(state))));
  const [selected, setSelected] = useState<string[]>([]);
  const { run, holder } = useActions();
  const canWrite = useMgmtRights().has('write');
  const reload = page.reload;
  const seenVersion = useRef(version);
  useEffect(() => {
    if (version !== seenVersion.current) {
      seenVersion.current = version;
      reload();
    }
  }, [version, reload]);
  const act = useMemo(() => lessonActions(api, t, () => {
    setSelected([]);
    reload();
  }), [api, t, reload]);
  const rows = page.data?.rows ?? [];
  const chosen = rows.filter((r) => selected.includes(r.lessonId));
  // 视频处理 (docs/video.md): the administrators' view of each upload's transcoding, live while one is on
  // its way, with 重试; read-only roles are not asked (the server answers it to teachers and administrators).
  const videoStates = useVideoStates(canWrite ? rows.map((row) => row.lessonId) : []);

  const columns: TableColumnsType<LessonSummary> = [
    {
      key: 'title',
      title: t('mgl.col.title'),
      render: (_, row) => <Link to={`/course-detail/${encodeURIComponent(row.lessonId)}`}>{row.title}</Link>,
    },
    {
      key: 'curriculum',
      title: t('mgl.col.curriculum'),
      render: (_, row) => {
        const subject = Subjects.find(row.subjectCode);
        const name = subject ? (en ? subject.labelEn : subject.label) : row.subjectName;
        return [row.stageName, name, row.grade ? t(`grade.${row.grade}` as TKey) : ''].filter(Boolean).join(' / ');
      },
    },
    { key: 'teacher', title: t('mgl.col.teacher'), render: (_, row) => row.teacherName || '—' },
    { key: 'school', title: t('mgl.col.school'), render: (_, row) => row.schoolName || '—' },
    ...(kind === 'live'
      ? ([
          {
            key: 'liveStartTime',
            title: t('mgl.col.liveTime'),
            sorter: true,
            render: (_, row) => (row.liveStartTime ? `${dateTime(row.liveStartTime)} – ${row.liveEndTime ? dateTime(row.liveEndTime).slice(-5) : ''}` : '—'),
          },
          { key: 'liveState', title: t('mgl.col.liveState'), render: (_, row) => (row.liveState ? t(`mgl.live.${row.liveState}` as TKey) : '—') },
        ] satisfies TableColumnsType<LessonSummary>)
      : ([
          { key: 'createTime', title: t('mgl.col.createTime'), sorter: true, sortDirections: ['descend'], render: (_, row) => dateTime(row.createTime) },
          { key: 'downloadCount', title: t('mgl.col.downloads'), sorter: true, sortDirections: ['descend'], align: 'right', render: (_, row) => row.downloadCount },
        ] satisfies TableColumnsType<LessonSummary>)),
    ...(canWrite
      ? ([
          {
            key: 'video',
            title: t('teach.col.video'),
            render: (_, row) => <VideoStatesCell lessonId={row.lessonId} videos={videoStates.videosOf(row.lessonId)} reason={videoStates.states?.reason ?? ''} retry={videoStates.retry} />,
          },
        ] satisfies TableColumnsType<LessonSummary>)
      : []),
    {
      key: 'status',
      title: t('mgl.col.status'),
      render: (_, row) =>
        row.publishStatus === 1 ? (
          <span className="ds-teach-status ds-teach-status--published">{t('teach.status.published')}</span>
        ) : (
          <span className="ds-teach-status">{t('teach.status.unpublished')}</span>
        ),
    },
    {
      key: 'excellentFlag',
      title: t('mgl.col.excellent'),
      ...(kind === 'broadcast' ? { sorter: true, sortDirections: ['descend'] as const } : {}),
      render: (_, row) => (row.excellentFlag === 1 ? <span className="ds-teach-status">{t('mgl.col.excellent')}</span> : '—'),
    },
    {
      key: 'actions',
      title: t('mgl.col.actions'),
      render: (_, row) => (
        <Space size={0} wrap aria-label={t('mgl.actionsFor', { title: row.title })} role="group">
          {canWrite ? (
            <>
              {row.publishStatus === 1 ? (
                <Button type="link" onClick={() => void run(act.cancelPublish([row]))}>
                  {t('mgl.cancelPublish')}
                </Button>
              ) : (
                <Button type="link" onClick={() => void run(act.publish([row]))}>
                  {t('mgl.publish')}
                </Button>
              )}
              <Button type="link" onClick={() => void run(act.excellent([row], row.excellentFlag === 1 ? 0 : 1))}>
                {t(row.excellentFlag === 1 ? 'mgl.excellentOff' : 'mgl.excellentOn')}
              </Button>
            </>
          ) : null}
          {rowExtras?.(row)}
          {canWrite ? (
            <Button type="link" danger onClick={() => void run(act.remove(row))}>
              {t('mgl.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      {holder}
      <LessonFilterBar filters={table.state.filters} timeLabel={t(kind === 'live' ? 'mgl.liveTime' : 'mgl.createTime')} onSearch={table.setFilters} />
      {canWrite ? (
        <BatchBar selected={chosen.length}>
          {toolbar}
          <Button disabled={!chosen.length} onClick={() => void run(act.publish(chosen))}>
            {t('mgl.batchPublish')}
          </Button>
          <Button disabled={!chosen.length} onClick={() => void run(act.cancelPublish(chosen))}>
            {t('mgl.batchCancel')}
          </Button>
        </BatchBar>
      ) : null}
      <ServerTable<LessonSummary, typeof LIVE_SPEC.filters>
        table={table}
        page={page}
        columns={columns}
        rowKey="lessonId"
        rowName={(row) => `《${row.title}》`}
        label={t(kind === 'live' ? 'mgmt.live' : 'mgmt.broadcast')}
        selection={canWrite ? { selected, onChange: setSelected } : undefined}
        empty={t(kind === 'live' ? 'mgl.emptyLive' : 'mgl.emptyBroadcast')}
      />
    </>
  );
}
