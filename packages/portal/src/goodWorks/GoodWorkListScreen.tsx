import type { HighQualityWorkRow } from '@dscloud/sdk/review';
import { Empty, Pagination, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useT } from '../i18n/useT';
import { LoadFailed } from '../lessons/LoadFailed';
import { SubjectTag } from '../lessons/SubjectTag';
import { useServerPage, useTableState } from '../management/kit';
import { HighQualityFilters } from '../management/insight/HighQualityFilters';
import { GOOD_WORK_SPEC, toHighQualityQuery } from '../management/insight/insightSpecs';
import { insightPaths } from '../management/insight/paths';
import { useGoodWorksApi } from '../management/insight/useInsightApi';
import { usePortal } from '../platform/PortalContext';
import '../lessons/lessons.css';
import './goodWorks.css';
import { Thumbnail } from '../media/Thumbnail';

/**
 * 优秀作品 (`/resourcesCollect/goodWorkList`, public): the works marked high-quality in published
 * activities, newest first, filtered by stage, subject, edition and book; filters and page live in
 * the URL, so a shared link shows the same cards. Each card opens the work's page.
 */
export default function GoodWorkListScreen() {
  const t = useT();
  const api = useGoodWorksApi();
  const table = useTableState(GOOD_WORK_SPEC);
  const page = useServerPage(table.state, (state) => api.page(toHighQualityQuery(state)));
  const rows = page.data?.rows ?? [];

  return (
    <div className="ds-good">
      <h1 className="ds-screen-title">{t('screen.goodWorkList')}</h1>
      <HighQualityFilters filters={table.state.filters} onChange={table.setFilters} label={t('ri.good.filters')} />
      {page.status === 'failed' && !page.data ? <LoadFailed message={page.message} onRetry={page.reload} /> : null}
      {page.status === 'loading' && !page.data ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {page.data && !rows.length ? <Empty description={<span className="ds-empty-text">{t('ri.good.empty')}</span>} /> : null}
      {rows.length ? (
        <ul className="ds-good-grid" aria-label={t('screen.goodWorkList')} aria-busy={page.status === 'loading'}>
          {rows.map((row) => (
            <li key={row.workId}>
              <GoodWorkCard work={row} />
            </li>
          ))}
        </ul>
      ) : null}
      {page.data && page.data.total > table.state.pageSize ? (
        <Pagination
          className="ds-good-pager"
          current={table.state.page}
          pageSize={table.state.pageSize}
          total={page.data.total}
          pageSizeOptions={[...GOOD_WORK_SPEC.pageSizes]}
          showSizeChanger
          showTotal={(total) => t('kit.total', { total })}
          onChange={table.setPage}
        />
      ) : null}
    </div>
  );
}

function GoodWorkCard({ work }: { work: HighQualityWorkRow }) {
  const t = useT();
  const { platform } = usePortal();
  const cover = work.coverUrl ? platform.http.url(work.coverUrl) : null;
  return (
    <article className="ds-lesson-card" data-work={work.workId}>
      <div className="ds-lesson-card-cover">{cover ? <Thumbnail src={cover} width={480} height={270} /> : null}</div>
      <div className="ds-lesson-card-body">
        <h2 className="ds-lesson-card-title ds-good-title">
          {work.lessonId ? <Link to={insightPaths.goodWork(work.lessonId)}>{work.title}</Link> : work.title}
        </h2>
        <div className="ds-lesson-card-tags">
          <SubjectTag code={work.subjectCode} name={work.subjectName} />
          <span className="ds-lesson-card-grade">{work.stageName}</span>
          <span className="ds-excellent-tag">{t('learn.excellent')}</span>
        </div>
        <p className="ds-lesson-card-teacher">{[work.teacherName, work.schoolName].filter(Boolean).join(' · ')}</p>
        <p className="ds-lesson-card-meta">{[work.editionName, work.bookName, work.nodeName].filter(Boolean).join(' · ')}</p>
        <p className="ds-lesson-card-meta">{work.activityName}</p>
      </div>
    </article>
  );
}
