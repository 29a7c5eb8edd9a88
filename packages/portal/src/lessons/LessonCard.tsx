import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LessonSummary } from '../api/lessons';
import { useLocale, useT } from '../i18n/useT';
import { usePortal } from '../platform/PortalContext';
import { clock, dateTime } from './format';
import { SubjectTag } from './SubjectTag';
import { Thumbnail } from '../media/Thumbnail';

export interface LessonCardProps {
  lesson: LessonSummary;
  /** Extra lines under the teacher (study time, collection date). */
  extra?: ReactNode;
  /** Where the card leads; the lesson detail by default. */
  to?: string;
  /** The title's heading level: 2 when the list sits straight under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  /** The card is in the first screen: its cover is fetched at once (see Thumbnail). */
  priority?: boolean;
}

/**
 * One lesson in a list: cover, title (the link), teacher, school and the subject tag in the subject's
 * own colour. The whole card is not a link, so screen readers hear the title once, not every line.
 */
export function LessonCard({ lesson, extra, to, headingLevel = 3, priority = false }: LessonCardProps) {
  const t = useT();
  const en = useLocale() === 'en';
  const { platform } = usePortal();
  const cover = lesson.coverUrl ? platform.http.url(lesson.coverUrl) : null;
  const state = lesson.liveFlag === 1 && lesson.liveState ? lesson.liveState : null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="ds-lesson-card" data-subject={lesson.subjectCode}>
      <div className="ds-lesson-card-cover">
        {/* Cards show the cover's thumbnail (480 px wide at most); the picture itself if it has none. */}
        {cover ? <Thumbnail src={cover} width={480} height={270} priority={priority} /> : null}
        {state ? <span className={`ds-live-badge ds-live-badge--${state}`}>{t(`learn.${state}`)}</span> : null}
        {lesson.liveFlag === 0 && lesson.durationSeconds ? <span className="ds-lesson-card-duration">{clock(lesson.durationSeconds)}</span> : null}
      </div>
      <div className="ds-lesson-card-body">
        <Heading className="ds-lesson-card-title">
          <Link to={to ?? `/course-detail/${encodeURIComponent(lesson.lessonId)}`}>{lesson.title}</Link>
        </Heading>
        <div className="ds-lesson-card-tags">
          <SubjectTag code={lesson.subjectCode} name={lesson.subjectName} />
          {lesson.gradeName ? <span className="ds-lesson-card-grade">{lesson.gradeName}</span> : null}
          {lesson.excellentFlag === 1 ? <span className="ds-excellent-tag">{t('learn.excellent')}</span> : null}
        </div>
        <p className="ds-lesson-card-teacher">
          {[lesson.teacherName, lesson.schoolName].filter(Boolean).join(' · ')}
        </p>
        {lesson.liveFlag === 1 && lesson.liveStartTime ? (
          <p className="ds-lesson-card-meta">{t('detail.liveAt', { time: dateTime(lesson.liveStartTime) })}</p>
        ) : null}
        {extra ?? <p className="ds-lesson-card-meta">{t('learn.learners', { count: lesson.learningCount.toLocaleString(en ? 'en' : 'zh-CN') })}</p>}
      </div>
    </article>
  );
}

/**
 * A card's place while the list loads: the same boxes as a card (cover, a two-line title, the tag row,
 * the teacher and `metaLines` lines under it) with nothing in them, so the cards take its size exactly.
 */
export function LessonCardSkeleton({ metaLines = 1 }: { metaLines?: number }) {
  return (
    <article className="ds-lesson-card ds-lesson-card--skeleton">
      <div className="ds-lesson-card-cover" />
      <div className="ds-lesson-card-body">
        <p className="ds-lesson-card-title">{'\u00a0'}</p>
        <div className="ds-lesson-card-tags">
          <span className="ds-subject-tag">{'\u00a0'}</span>
        </div>
        {Array.from({ length: 1 + metaLines }, (_, i) => (
          <p key={i} className="ds-lesson-card-meta">
            {'\u00a0'}
          </p>
        ))}
      </div>
    </article>
  );
}
