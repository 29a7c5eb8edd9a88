import { Button, Empty, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ScheduleDay } from '../../api/lessons';
import { useT } from '../../i18n/useT';
import { addDays, mondayOf, timeOfDay } from '../format';
import { SubjectTag } from '../SubjectTag';
import { useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';
import '../lessons.css';
import './browse.css';
import { LoadFailed } from '../LoadFailed';

type WeekdayKey = `schedule.weekday.${1 | 2 | 3 | 4 | 5 | 6 | 7}`;

function Day({ day }: { day: ScheduleDay }) {
  const t = useT();
  if (!day.lessons.length) return <Empty description={<span className="ds-empty-text">{t('schedule.noLesson')}</span>} />;
  return (
    <ol className="ds-schedule-day">
      {day.lessons.map((lesson) => (
        <li key={lesson.lessonId} className={`ds-schedule-item ds-schedule-item--${lesson.liveState ?? 'ended'}`}>
          <span className="ds-schedule-time">
            {lesson.liveStartTime ? timeOfDay(lesson.liveStartTime) : ''}
            {lesson.liveEndTime ? `–${timeOfDay(lesson.liveEndTime)}` : ''}
          </span>
          {lesson.liveState ? <span className={`ds-live-badge ds-live-badge--${lesson.liveState} ds-schedule-badge`}>{t(`learn.${lesson.liveState}`)}</span> : null}
          <Link className="ds-schedule-title" to={`/course-detail/${encodeURIComponent(lesson.lessonId)}`}>
            {lesson.title}
          </Link>
          <SubjectTag code={lesson.subjectCode} name={lesson.subjectName} />
          <span className="ds-schedule-teacher">{[lesson.teacherName, lesson.schoolName].filter(Boolean).join(' · ')}</span>
        </li>
      ))}
    </ol>
  );
}

/** The live lessons of one week in China time, a tab per day, today's tab open first. */
export default function LiveScheduleScreen() {
  const t = useT();
  const api = useLessonsApi();
  const [week, setWeek] = useState(0);
  // eslint-disable-next-line react-hooks/purity -- the week follows the clock at each render (a screen left open past midnight moves on)
  const now = Date.now();
  const startDate = mondayOf(now, week);
  const endDate = addDays(startDate, 6);
  const today = mondayOf(now) === startDate ? new Date(now + 8 * 3600_000).toISOString().slice(0, 10) : startDate;
  const [active, setActive] = useState<string | null>(null);
  const days = useAsync(() => api.liveSchedule({ startDate, endDate, orderBy: 'liveStart' }), [api, startDate]);

  return (
    <div>
      <h1 className="ds-screen-title">{t('screen.liveSchedule')}</h1>
      <div className="ds-toolbar">
        <Button onClick={() => (setWeek((w) => w - 1), setActive(null))}>{t('schedule.prev')}</Button>
        <Button onClick={() => (setWeek(0), setActive(null))} disabled={week === 0}>
          {t('schedule.week')}
        </Button>
        <Button onClick={() => (setWeek((w) => w + 1), setActive(null))}>{t('schedule.next')}</Button>
        <span className="ds-learn-total" role="status">
          {startDate} ~ {endDate}
        </span>
      </div>
      {days.status === 'failed' ? (
        <LoadFailed message={days.message} onRetry={days.reload} />
      ) : null}
      {days.status === 'loading' && !days.data ? <Spin className="ds-lesson-grid-spin" description={t('loading')} /> : null}
      {days.data ? (
        <Tabs
          className="ds-panel"
          activeKey={active ?? today}
          onChange={setActive}
          items={days.data.map((day) => ({
            key: day.date,
            label: (
              <span className="ds-schedule-tab">
                {t(`schedule.weekday.${day.weekday}` as WeekdayKey)} {day.date.slice(5)}
                {day.lessons.some((l) => l.liveState === 'living') ? <span className="ds-live-dot" aria-label={t('learn.living')} role="img" /> : null}
              </span>
            ),
            children: <Day day={day} />,
          }))}
        />
      ) : null}
    </div>
  );
}
