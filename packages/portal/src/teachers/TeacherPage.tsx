import { Breadcrumb, Skeleton, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { useT } from '../i18n/useT';
import { LessonGrid } from '../lessons/LessonGrid';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync } from '../lessons/useAsync';
import { useLessonsApi } from '../lessons/useLessonsApi';
import '../lessons/lessons.css';
import { TeacherAvatar } from './TeacherAvatar';
import { useTeachersApi } from './useTeachersApi';
import './teachers.css';

const LESSON_COUNT = 24;

/**
 * A teacher's page (`/teacher/:teacherId`): portrait, title, school, subjects, honours and the
 * introduction, then their published lessons (on-demand and live), newest first.
 */
export default function TeacherPage() {
  const t = useT();
  const { teacherId = '' } = useParams();
  const api = useTeachersApi();
  const lessonsApi = useLessonsApi();
  const teacher = useAsync(() => api.byId(teacherId), [api, teacherId]);
  const lessons = useAsync(async () => {
    const [onDemand, live] = await Promise.all([
      lessonsApi.onDemandPage({ teacherInfoId: teacherId, pageSize: LESSON_COUNT, orderBy: 'newest' }),
      lessonsApi.livePage({ teacherInfoId: teacherId, pageSize: LESSON_COUNT }),
    ]);
    return [...onDemand.rows, ...live.rows];
  }, [lessonsApi, teacherId]);

  if (teacher.status === 'failed' && !teacher.data) return <LoadFailed message={teacher.message} onRetry={teacher.reload} />;
  const info = teacher.data?.teacherInfoId === teacherId ? teacher.data : null;
  if (!info) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  const honours = info.honours.split('\n').filter(Boolean);

  return (
    <div className="ds-teacher-page">
      <Breadcrumb items={[{ title: <Link to="/main/type=new">{t('nav.home')}</Link> }, { title: <Link to="/famousSchool">{t('screen.famousSchool')}</Link> }, { title: info.name }]} />
      <header className="ds-panel ds-teacher-head">
        <TeacherAvatar name={info.name} url={info.avatarUrl} size={96} />
        <div>
          <h1 className="ds-screen-title">{info.name}</h1>
          <p className="ds-teacher-card-meta">{[info.title, info.schoolName, info.stageName].filter(Boolean).join(' · ')}</p>
          <p>
            {info.subjectNames.map((name) => (
              <Tag key={name}>{name}</Tag>
            ))}
            <span className="ds-teacher-card-meta">{t('tea.page.lessonCount', { n: info.lessonCount })}</span>
          </p>
        </div>
      </header>
      {honours.length ? (
        <section className="ds-panel ds-section" aria-labelledby="teacher-honours">
          <h2 id="teacher-honours" className="ds-section-title">
            {t('tea.page.honours')}
          </h2>
          <ul className="ds-teacher-honours">
            {honours.map((h, i) => (
              <li key={i}>{h}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {info.intro ? (
        <section className="ds-panel ds-section" aria-labelledby="teacher-intro">
          <h2 id="teacher-intro" className="ds-section-title">
            {t('tea.page.intro')}
          </h2>
          <p className="ds-teacher-intro">{info.intro}</p>
        </section>
      ) : null}
      <section className="ds-section" aria-labelledby="teacher-lessons">
        <div className="ds-section-head">
          <h2 id="teacher-lessons">{t('tea.page.lessons', { name: info.name })}</h2>
        </div>
        <LessonGrid state={lessons} label={t('tea.page.lessons', { name: info.name })} empty={t('tea.page.noLessons')} />
      </section>
    </div>
  );
}
