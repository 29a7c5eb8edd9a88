import { Pagination } from 'antd';
import { useState, type ReactNode } from 'react';
import type { LessonSummary, Page } from '../../api/lessons';
import { useT } from '../../i18n/useT';
import { LessonGrid, type LessonGridProps } from '../LessonGrid';
import { RequireLogin } from '../RequireLogin';
import { mapAsync, useAsync } from '../useAsync';
import '../lessons.css';

const PAGE_SIZE = 12;

export interface PagedLessonScreenProps<T extends LessonSummary> extends Pick<LessonGridProps<T>, 'extra' | 'to' | 'empty'> {
  title: string;
  /** One page of the viewer's lessons; called again when the page changes. */
  load: (paging: { pageNum: number; pageSize: number }) => Promise<Page<T>>;
  /** Shown above the list (e.g. totals). */
  header?: ReactNode;
}

function PagedLessons<T extends LessonSummary>({ title, load, header, ...grid }: PagedLessonScreenProps<T>) {
  const t = useT();
  const [pageNum, setPageNum] = useState(1);
  const page = useAsync(() => load({ pageNum, pageSize: PAGE_SIZE }), [load, pageNum]);
  const total = page.data?.total ?? 0;
  return (
    <>
      {header}
      <LessonGrid state={mapAsync(page, (p) => p.rows)} label={title} headingLevel={2} {...grid} />
      {total > PAGE_SIZE ? (
        <nav className="ds-pager" aria-label={t('learn.pagination')}>
          <Pagination current={pageNum} pageSize={PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPageNum} />
        </nav>
      ) : null}
    </>
  );
}

/** A signed-in viewer's own paged lesson list (collection, study record): title, login gate, pager. */
export function PagedLessonScreen<T extends LessonSummary>(props: PagedLessonScreenProps<T>) {
  return (
    <div>
      <h1 className="ds-screen-title">{props.title}</h1>
      <RequireLogin>
        <PagedLessons {...props} />
      </RequireLogin>
    </div>
  );
}
