import { useLocale, useT } from '../../i18n/useT';
import { dateTime, spentTime } from '../format';
import { useLessonsApi } from '../useLessonsApi';
import { LearningTotals } from './LearningTotals';
import { PagedLessonScreen } from './PagedLessonScreen';
import './mine.css';

/** What the viewer studied, most recent first, with the time spent on each lesson and in all. */
export default function StudyRecordScreen() {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useLessonsApi();
  return (
    <PagedLessonScreen
      title={t('screen.studyRecord')}
      load={api.studyPage}
      header={<LearningTotals />}
      empty={t('record.empty')}
      to={(row) => `/course-detail/${encodeURIComponent(row.lessonId)}`}
      extra={(row) => (
        <>
          <p className="ds-lesson-card-meta ds-watched">{t('record.watched', { time: spentTime(row.totalSeconds, en) })}</p>
          <p className="ds-lesson-card-meta">{t('record.lastLearn', { time: dateTime(row.lastLearnTime) })}</p>
        </>
      )}
    />
  );
}
