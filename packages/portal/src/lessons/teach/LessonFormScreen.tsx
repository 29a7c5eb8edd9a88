import { App, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { LoadFailed } from '../LoadFailed';
import { useAsync } from '../useAsync';
import { LessonEditor } from './LessonEditor';
import { EMPTY_FORM, fromDetail, type LessonFormValues } from './lessonForm';
import { RequireTeacher } from './RequireTeacher';
import { useTeachApi } from './useTeachApi';
import './teach.css';

function TeacherLessonForm({ initial, lessonId }: { initial: LessonFormValues; lessonId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <LessonEditor
      initial={initial}
      lessonId={lessonId}
      notice={t('teach.publishRule')}
      onSaved={(saved) => {
        void message.success(t(saved.publishStatus === 1 ? 'teach.savedPublished' : 'teach.saved'));
        void navigate(`/course-detail/${encodeURIComponent(saved.lessonId)}`);
      }}
      onCancel={() => void navigate('/my-lessons')}
    />
  );
}

function EditLesson({ lessonId }: { lessonId: string }) {
  const api = useTeachApi();
  const lesson = useAsync(() => api.byId(lessonId), [api, lessonId]);
  if (lesson.status === 'failed') {
    return (
      <LoadFailed message={lesson.message} onRetry={lesson.reload} />
    );
  }
  if (lesson.status === 'loading' || lesson.data.lessonId !== lessonId) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <TeacherLessonForm key={lessonId} initial={fromDetail(lesson.data)} lessonId={lessonId} />;
}

/**
 * `/my-lessons/new` and `/my-lessons/:lessonId/edit`: a teacher files an on-demand lesson under the
 * curriculum and uploads its videos. Saving waits for the uploads; leaving during one asks first.
 * After saving the teacher lands on the lesson, where the video plays.
 */
export default function LessonFormScreen() {
  const t = useT();
  const { lessonId } = useParams();
  const title = t(lessonId ? 'teach.editLesson' : 'teach.newLesson');
  return (
    <div className="ds-teach">
      <h1 className="ds-screen-title">{title}</h1>
      <RequireTeacher title={title}>{lessonId ? <EditLesson lessonId={lessonId} /> : <TeacherLessonForm key="new" initial={EMPTY_FORM} />}</RequireTeacher>
    </div>
  );
}
