import { Link } from 'react-router';
import type { TeacherInfo } from '../api/teachers';
import { useT } from '../i18n/useT';
import { useAsync } from '../lessons/useAsync';
import { TeacherAvatar } from './TeacherAvatar';
import { useTeachersApi } from './useTeachersApi';
import './teachers.css';

const SHORT = 90;

/** The first characters of an introduction, cut at a whole character with an ellipsis. */
export function shortIntro(intro: string, max = SHORT): string {
  const chars = Array.from(intro.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('')}…`;
}

/** A teacher in brief: portrait, name, title, school, the start of the introduction and a link to their page. */
export function TeacherSummary({ teacher, headingLevel = 3 }: { teacher: TeacherInfo; headingLevel?: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="ds-teacher-card">
      <TeacherAvatar name={teacher.name} url={teacher.avatarUrl} size={64} />
      <div className="ds-teacher-card-body">
        <Heading className="ds-teacher-card-name">
          <Link to={`/teacher/${encodeURIComponent(teacher.teacherInfoId)}`}>{teacher.name}</Link>
        </Heading>
        <p className="ds-teacher-card-meta">{[teacher.title, teacher.schoolName].filter(Boolean).join(' · ')}</p>
        {teacher.intro ? <p className="ds-teacher-card-intro">{shortIntro(teacher.intro)}</p> : null}
        <Link className="ds-teacher-card-more" to={`/teacher/${encodeURIComponent(teacher.teacherInfoId)}`} aria-label={`${t('tea.card.more')}：${teacher.name}`}>
          {t('tea.card.more')}
        </Link>
      </div>
    </article>
  );
}

/** The lesson's teacher on the course detail page; nothing when the lesson names no introduction or it is gone. */
export function LessonTeacherCard({ teacherInfoId }: { teacherInfoId: string | null }) {
  const t = useT();
  const api = useTeachersApi();
  const teacher = useAsync(async () => (teacherInfoId ? await api.byId(teacherInfoId).catch(() => null) : null), [api, teacherInfoId]);
  if (!teacher.data) return null;
  return (
    <section className="ds-panel ds-detail-teacher" aria-labelledby="detail-teacher">
      <h2 id="detail-teacher" className="ds-section-title">
        {t('tea.card.heading')}
      </h2>
      <TeacherSummary teacher={teacher.data} />
    </section>
  );
}
