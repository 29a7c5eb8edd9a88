import { LessonPlayer } from '@dscloud/elements';
import { Breadcrumb, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useLocale, useT } from '../i18n/useT';
import { LoadFailed } from '../lessons/LoadFailed';
import { SubjectTag } from '../lessons/SubjectTag';
import { useAsync } from '../lessons/useAsync';
import { useLessonsApi } from '../lessons/useLessonsApi';
import { dateTime } from '../lessons/format';
import { LessonTeacherCard } from '../teachers/TeacherCard';
import { useLoggedIn } from '../platform/hooks';
import '../lessons/lessons.css';
import '../lessons/detail/detail.css';
import { GoodWorkDocuments } from './GoodWorkDocuments';
import './goodWorks.css';

/**
 * A high-quality work (`/resourcesCollect/goodWorkList/{courseId}/{type}`, public): the catalogue
 * lesson it became — the player with the work's videos —, its package documents, the teacher and the school. `courseId` is
 * the lesson; `type` is kept for the links that are out there (1: the video).
 */
export default function GoodWorkDetailScreen() {
  const t = useT();
  const lang = useLocale() === 'en' ? 'en' : 'zh-CN';
  const { courseId = '' } = useParams();
  const loggedIn = useLoggedIn();
  const api = useLessonsApi();
  const lesson = useAsync(() => api.byId(courseId), [api, courseId, loggedIn]);

  if (lesson.status === 'failed' && !lesson.data) return <LoadFailed message={lesson.message} onRetry={lesson.reload} />;
  const detail = lesson.data?.lessonId === courseId ? lesson.data : null;
  if (!detail) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <div className="ds-detail ds-good-detail">
      <Breadcrumb
        items={[
          { title: <Link to="/resourcesCollect">{t('screen.resourcesCollect')}</Link> },
          { title: <Link to="/resourcesCollect/goodWorkList">{t('screen.goodWorkList')}</Link> },
          { title: detail.title },
        ]}
      />
      <h1 className="ds-screen-title ds-detail-title">{detail.title}</h1>
      <div className="ds-detail-meta">
        <SubjectTag code={detail.subjectCode} name={detail.subjectName} />
        <span className="ds-excellent-tag">{t('learn.excellent')}</span>
        <span>{[detail.stageName, detail.gradeName, detail.editionName, detail.bookName].filter(Boolean).join(' · ')}</span>
        <span>{[detail.teacherName, detail.schoolName].filter(Boolean).join(' · ')}</span>
        {detail.publishTime ? <span>{t('ri.good.publishedAt', { time: dateTime(detail.publishTime) })}</span> : null}
      </div>
      <div className="ds-detail-player">
        <LessonPlayer key={detail.lessonId} lessonId={detail.lessonId} lang={lang} />
      </div>
      <section className="ds-panel ds-detail-about" aria-labelledby="good-about">
        <h2 id="good-about">{t('ri.good.about')}</h2>
        {detail.chapterPath.length ? <p className="ds-detail-chapter">{detail.chapterPath.join(' / ')}</p> : null}
        {detail.description ? <p>{detail.description}</p> : null}
        <p>
          <strong>{t('ri.good.school')}：</strong>
          {detail.schoolName || '—'}
        </p>
      </section>
      <GoodWorkDocuments lessonId={detail.lessonId} />
      <LessonTeacherCard teacherInfoId={detail.teacherInfoId} />
    </div>
  );
}
