import { Pagination } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { dateTime } from '../format';
import { LessonGrid } from '../LessonGrid';
import { RequireLogin } from '../RequireLogin';
import { mapAsync, useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';
import '../lessons.css';

const PAGE_SIZE = 12;

function Collection() {
  const t = useT();
  const api = useLessonsApi();
  const [pageNum, setPageNum] = useState(1);
  const page = useAsync(() => api.collectionPage({ pageNum, pageSize: PAGE_SIZE }), [api, pageNum]);
  const total = page.data?.total ?? 0;
  return (
    <>
      <LessonGrid
        state={mapAsync(page, (p) => p.rows)}
        label={t('user.collection')}
        empty={t('collection.empty')}
        extra={(row) => <p className="ds-lesson-card-meta">{dateTime(row.collectTime)}</p>}
      />
      {total > PAGE_SIZE ? (
        <nav className="ds-pager" aria-label={t('learn.pagination')}>
          <Pagination current={pageNum} pageSize={PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPageNum} />
        </nav>
      ) : null}
    </>
  );
}

/** Lessons the viewer collected, newest first. */
export default function MyCollectionScreen() {
  const t = useT();
  return (
    <div>
      <h1 className="ds-screen-title">{t('user.collection')}</h1>
      <RequireLogin>
        <Collection />
      </RequireLogin>
    </div>
  );
}
