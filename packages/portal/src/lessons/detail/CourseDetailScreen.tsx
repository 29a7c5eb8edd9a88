import { LessonPlayer } from '@dscloud/elements';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLocale, useT } from '../../i18n/useT';
import { useCurrentUser, useLoggedIn } from '../../platform/hooks';
import { LessonGrid } from '../LessonGrid';
import { SubjectTag } from '../SubjectTag';
import { useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';
import { dateTime } from '../format';
import { LessonActions } from './LessonActions';
import { LiveNotice } from './LiveNotice';
import '../lessons.css';
import './detail.css';
import { LoadFailed } from '../LoadFailed';
import { LessonTeacherCard } from '../../teachers/TeacherCard';
import { ToolLauncher } from '../../tools/ToolLauncher';

const RELATED_COUNT = 8;

/**
 * One lesson (`/course-detail/:courseId/:fromPage?`): the player with its notes, what the lesson is,
 * collect / download / rate, and related lessons. `?t=123` opens the video at that second (a note's moment).
 */
export default function CourseDetailScreen() {
  const t = useT();
  const lang = useLocale() === 'en' ? 'en' : 'zh-CN';
  const { courseId = '' } = useParams();
  const [search] = useSearchParams();
  const loggedIn = useLoggedIn();
  const api = useLessonsApi();
  const lesson = useAsync(() => api.byId(courseId), [api, courseId, loggedIn]);
  const related = useAsync(async () => (await api.relatedPage({ lessonId: courseId, pageSize: RELATED_COUNT })).rows, [api, courseId]);
  const user = useCurrentUser();
  const userId = user ? String(user.baseUserId) : null;
  // One view of the lesson's page (visitor or user); the server counts a viewer once an hour.
  useEffect(() => {
    void api.preview(courseId, { silent: true }).catch(() => undefined);
  }, [api, courseId]);
  const at = Number(search.get('t'));
  const startAt = search.has('t') && Number.isFinite(at) && at >= 0 ? at : undefined;

  if (lesson.status === 'failed' && !lesson.data) {
    return (
      <LoadFailed message={lesson.message} onRetry={lesson.reload} />
    );
  }
  const detail = lesson.data?.lessonId === courseId ? lesson.data : null;
  if (!detail) return <DetailSkeleton />;
  // The lesson's own teacher marks the key points while watching (the server checks again on save).
  const ownLesson = !!userId && (detail.createdBy === userId || detail.teacherUserId === userId);

  return (
    <div className="ds-detail">
      <nav className="ds-breadcrumb" aria-label={t('detail.breadcrumb')}>
        <ol>
          <li>
            <Link to="/main/type=new">{t('nav.home')}</Link>
          </li>
          <li>
            <Link to="/learn">{t(detail.liveFlag ? 'learn.live' : 'screen.learnDemand')}</Link>
          </li>
          <li aria-current="page">{detail.title}</li>
        </ol>
      </nav>
      <h1 className="ds-screen-title ds-detail-title">{detail.title}</h1>
      <div className="ds-detail-meta">
        <SubjectTag code={detail.subjectCode} name={detail.subjectName} />
        <span>{[detail.stageName, detail.gradeName, detail.editionName, detail.bookName].filter(Boolean).join(' · ')}</span>
        <span>{[detail.teacherName, detail.teacherTitle, detail.schoolName].filter(Boolean).join(' · ')}</span>
        {detail.liveFlag && detail.liveStartTime ? <span>{t('detail.liveAt', { time: dateTime(detail.liveStartTime) })}</span> : null}
        {detail.tags?.length ? (
          <span className="ds-detail-tags" role="group" aria-label={t('lessonTags.label')}>
            {detail.tags.map((tag) => (
              <Link key={tag.tagId} to={`/learn/demand/tagId=${encodeURIComponent(tag.tagId)}`}>
                #{tag.name}
              </Link>
            ))}
          </span>
        ) : null}
      </div>
      <LiveNotice lesson={detail} />
      <div className="ds-detail-player">
        <LessonPlayer
          key={`${detail.lessonId}:${startAt ?? ''}`}
          lessonId={detail.lessonId}
          lang={lang}
          startAt={startAt}
          editMarks={ownLesson}
        />
      </div>
      <LessonActions lesson={detail} />
      <section className="ds-panel ds-detail-about" aria-labelledby="detail-about">
        <h2 id="detail-about">{t('detail.description')}</h2>
        {detail.chapterPath.length ? <p className="ds-detail-chapter">{detail.chapterPath.join(' / ')}</p> : null}
        {detail.description ? <p>{detail.description}</p> : null}
        {detail.knowledgeNodes.length ? (
          <p>
            <strong>{t('detail.knowledge')}：</strong>
            {detail.knowledgeNodes.map((k) => k.name).join('、')}
          </p>
        ) : null}
      </section>
      <ToolLauncher nodeId={detail.chapterNodeId} nodeLabel={detail.chapterName} />
      <LessonTeacherCard teacherInfoId={detail.teacherInfoId} />
      <section className="ds-section" aria-labelledby="detail-related">
        <div className="ds-section-head">
          <h2 id="detail-related">{t('detail.related')}</h2>
        </div>
        <LessonGrid state={related} label={t('detail.related')} placeholders={{ count: RELATED_COUNT }} />
      </section>
    </div>
  );
}

/** The page's shape while the lesson loads: the path, the title, the facts line and the 16:9 player. */
function DetailSkeleton() {
  const t = useT();
  return (
    <div className="ds-detail ds-detail-skeleton" role="status" aria-label={t('loading')}>
      <div className="ds-detail-skeleton-line" style={{ width: '30%' }} />
      <div className="ds-detail-skeleton-title" />
      <div className="ds-detail-skeleton-line" style={{ width: '60%' }} />
      <div className="ds-detail-player ds-detail-skeleton-player" />
    </div>
  );
}
