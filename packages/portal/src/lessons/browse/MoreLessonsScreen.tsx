import { Pagination } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { LessonFilter, Page, LessonSummary } from '../../api/lessons';
import { useT } from '../../i18n/useT';
import { LessonGrid } from '../LessonGrid';
import { mapAsync, useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';
import '../lessons.css';

const PAGE_SIZE = 12;
type Kind = '1' | '2' | '3';

/** `/more-lessons/:type`: 1 on-demand (newest), 2 live (latest first), 3 excellent lessons first. */
export default function MoreLessonsScreen() {
  const t = useT();
  const api = useLessonsApi();
  const { type } = useParams();
  const kind: Kind = type === '2' || type === '3' ? type : '1';
  const [pageNum, setPageNum] = useState(1);
  const page = useAsync((): Promise<Page<LessonSummary>> => {
    const filter: LessonFilter = { pageNum, pageSize: PAGE_SIZE };
    if (kind === '2') return api.livePage({ ...filter, orderBy: 'liveStartDesc' });
    return api.onDemandPage({ ...filter, orderBy: kind === '3' ? 'excellent' : 'newest' });
  }, [api, kind, pageNum]);
  const total = page.data?.total ?? 0;
  return (
    <div>
      <h1 className="ds-screen-title">{t(`more.${kind}`)}</h1>
      <LessonGrid state={mapAsync(page, (p) => p.rows)} label={t(`more.${kind}`)} headingLevel={2} />
      {total > PAGE_SIZE ? (
        <nav className="ds-pager" aria-label={t('learn.pagination')}>
          <Pagination current={pageNum} pageSize={PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPageNum} />
        </nav>
      ) : null}
    </div>
  );
}
