import { UploadOutlined } from '@ant-design/icons';
import { Codes, isDsError, messageFor } from '@dscloud/sdk/errors';
import { Subjects } from '@dscloud/sdk/codes';
import { Alert, App, Button, Empty, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OwnLesson } from '../../api/teachLessons';
import { useLocale, useT, type TKey } from '../../i18n/useT';
import { clock, dateTime } from '../format';
import { SubjectTag } from '../SubjectTag';
import { useAsync } from '../useAsync';
import { RequireTeacher } from './RequireTeacher';
import { useTeachApi } from './useTeachApi';
import { useVideoStates, VideoStatesCell } from './VideoStates';
import '../lessons.css';
import './teach.css';
import { LoadFailed } from '../LoadFailed';

const PAGE_SIZE = 10;

function PublishState({ published }: { published: boolean }) {
  const t = useT();
  return published ? (
    <span className="ds-teach-status ds-teach-status--published">{t('teach.status.published')}</span>
  ) : (
    <span className="ds-teach-status-cell">
      <span className="ds-teach-status">{t('teach.status.unpublished')}</span>
      <span className="ds-teach-muted">{t('teach.status.pending')}</span>
    </span>
  );
}

/** Asks, deletes, and explains a refusal. The dialogs render in `holder`, inside the screen's theme. */
function useDelete(onDeleted: () => void) {
  const t = useT();
  const locale = useLocale();
  const api = useTeachApi();
  const { message } = App.useApp();
  const [modal, holder] = Modal.useModal();
  const ask = (lesson: OwnLesson) =>
    modal.confirm({
      title: t('teach.deleteAria', { title: lesson.title }),
      content: t('teach.deleteConfirm', { title: lesson.title }),
      okText: t('teach.delete'),
      okButtonProps: { danger: true },
      cancelText: t('teach.cancel'),
      onOk: async () => {
        try {
          await api.remove(lesson.lessonId);
          void message.success(t('teach.deleted', { title: lesson.title }));
          onDeleted();
        } catch (error) {
          if (isDsError(error) && error.code === Codes.LESSON_DELETE_WARNING) {
            // Spec §8: a lesson in use is a warning (what to do instead), not a failure.
            modal.warning({ title: messageFor(Codes.LESSON_DELETE_WARNING, locale), content: `${error.message}（${error.code}）` });
          } else {
            void message.error(isDsError(error) ? `${error.message}（${error.code}）` : String(error));
          }
        }
      },
    });
  return [ask, holder] as const;
}

function LessonTable() {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useTeachApi();
  const navigate = useNavigate();
  const [pageNum, setPageNum] = useState(1);
  const page = useAsync(() => api.myPage({ pageNum, pageSize: PAGE_SIZE }), [api, pageNum]);
  const rows = page.data?.rows ?? [];
  const total = page.data?.total ?? 0;
  const videoStates = useVideoStates(rows.map((row) => row.lessonId));
  const [remove, dialogs] = useDelete(() => (rows.length === 1 && pageNum > 1 ? setPageNum(pageNum - 1) : page.reload()));
  const newLesson = () => void navigate('/my-lessons/new');

  const columns: TableColumnsType<OwnLesson> = [
    {
      key: 'title',
      title: t('teach.col.title'),
      render: (_, row) => <Link to={`/course-detail/${encodeURIComponent(row.lessonId)}`}>{row.title}</Link>,
    },
    {
      key: 'subject',
      title: t('teach.col.subject'),
      render: (_, row) => {
        const subject = Subjects.find(row.subjectCode);
        const grade = row.grade ? t(`grade.${row.grade}` as TKey) : '';
        return (
          <span className="ds-teach-subject">
            {subject ? <SubjectTag code={row.subjectCode} name={en ? subject.labelEn : subject.label} /> : row.subjectName}
            {grade ? <span>{grade}</span> : null}
          </span>
        );
      },
    },
    { key: 'status', title: t('teach.col.status'), render: (_, row) => <PublishState published={row.publishStatus === 1} /> },
    {
      key: 'video',
      title: t('teach.col.video'),
      render: (_, row) => (
        <VideoStatesCell lessonId={row.lessonId} videos={videoStates.videosOf(row.lessonId)} reason={videoStates.states?.reason ?? ''} retry={videoStates.retry} />
      ),
    },
    { key: 'duration', title: t('teach.col.duration'), render: (_, row) => (row.durationSeconds ? clock(row.durationSeconds) : '—') },
    { key: 'updated', title: t('teach.col.updated'), render: (_, row) => dateTime(row.updateTime) },
    {
      key: 'actions',
      title: t('teach.col.actions'),
      render: (_, row) => (
        <span className="ds-teach-row-actions">
          <Button type="link" aria-label={t('teach.editAria', { title: row.title })} onClick={() => void navigate(`/my-lessons/${encodeURIComponent(row.lessonId)}/edit`)}>
            {t('teach.edit')}
          </Button>
          <Button type="link" danger aria-label={t('teach.deleteAria', { title: row.title })} onClick={() => void remove(row)}>
            {t('teach.delete')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      {dialogs}
      <div className="ds-toolbar ds-teach-toolbar">
        <Button type="primary" icon={<UploadOutlined />} onClick={newLesson}>
          {t('teach.newLesson')}
        </Button>
        {page.data ? <span className="ds-teach-muted">{t('learn.total', { total })}</span> : null}
      </div>
      <Alert className="ds-teach-rule" type="info" showIcon title={t('teach.publishRule')} />
      {page.status === 'failed' ? (
        <LoadFailed message={page.message} onRetry={page.reload} />
      ) : null}
      {page.status === 'ready' && total === 0 ? (
        <Empty className="ds-panel" description={<span className="ds-empty-text">{t('teach.empty')}</span>}>
          <p className="ds-teach-muted">{t('teach.emptyHint')}</p>
          <Button type="primary" icon={<UploadOutlined />} onClick={newLesson}>
            {t('teach.newLesson')}
          </Button>
        </Empty>
      ) : (
        <Table<OwnLesson>
          className="ds-teach-table"
          rowKey="lessonId"
          columns={columns}
          dataSource={rows}
          loading={page.status === 'loading'}
          scroll={{ x: 'max-content' }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total, showSizeChanger: false, hideOnSinglePage: true, onChange: setPageNum }}
        />
      )}
    </>
  );
}

/** 我的课程: the teacher's own on-demand lessons, published or not, with edit and delete. */
export default function MyLessonsScreen() {
  const t = useT();
  return (
    <div className="ds-teach">
      <h1 className="ds-screen-title">{t('teach.myLessons')}</h1>
      <RequireTeacher title={t('teach.myLessons')}>
        <LessonTable />
      </RequireTeacher>
    </div>
  );
}
