import { Pagination } from 'antd';
import { useState } from 'react';
import { useLocale, useT } from '../../i18n/useT';
import { dateTime, spentTime } from '../format';
import { LessonGrid } from '../LessonGrid';
import { RequireLogin } from '../RequireLogin';
import { mapAsync, useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';
import { LearningTotals } from './LearningTotals';
import '../lessons.css';
import './mine.css';

const PAGE_SIZE = 12;

function Records() {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useLessonsApi();
  const [pageNum, setPageNum] = useState(1);
  const page = useAsync(() => api.studyPage({ pageNum, pageSize: PAGE_SIZE }), [api, pageNum]);
  const total = page.data?.total ?? 0;
  return (
    <>
      <LearningTotals />
      <LessonGrid
        state={mapAsync(page, (p) => p.rows)}
        label={t('screen.studyRecord')}
        empty={t('record.empty')}
        to={(row) => `/course-detail/${encodeURIComponent(row.lessonId)}`}
        extra={(row) => (
          <>
            <p className="ds-lesson-card-meta ds-watched">{t('record.watched', { time: spentTime(row.totalSeconds, en) })}</p>
            <p className="ds-lesson-card-meta">{t('record.lastLearn', { time: dateTime(row.lastLearnTime) })}</p>
          </>
        )}
      />
      {total > PAGE_SIZE ? (
        <nav className="ds-pager" aria-label={t('learn.pagination')}>
          <Pagination current={pageNum} pageSize={PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPageNum} />
        </nav>
      ) : null}
    </>
  );
}

/** What the viewer studied, most recent first, with the time spent on each lesson and in all. */
export default function StudyRecordScreen() {
  const t = useT();
  return (
    <div>
      <h1 className="ds-screen-title">{t('screen.studyRecord')}</h1>
      <RequireLogin>
        <Records />
      </RequireLogin>
    </div>
  );
}
