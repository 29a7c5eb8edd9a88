import { FileTextOutlined } from '@ant-design/icons';
import { PackageItems } from '@dscloud/sdk/activities';
import { Empty, Skeleton } from 'antd';
import { useT } from '../i18n/useT';
import { useAsync } from '../lessons/useAsync';
import { formatBytes } from '../management/kit/download';
import { useLabel } from '../management/insight/InsightParts';
import { useGoodWorksApi } from '../management/insight/useInsightApi';
import { usePortal } from '../platform/PortalContext';

/**
 * The package's documents of a high-quality work (教学设计, 学习任务单, 课件, 作业练习) beside the
 * player, each opening its file; `first` (the route's `type`) puts that package item on top.
 */
export function WorkDocuments({ lessonId, first }: { lessonId: string; first: number }) {
  const t = useT();
  const api = useGoodWorksApi();
  const label = useLabel();
  const { platform } = usePortal();
  const docs = useAsync(() => api.documents(lessonId), [api, lessonId]);
  const rows = [...(docs.data ?? [])].sort((a, b) => Number(b.item === first) - Number(a.item === first) || a.item - b.item);

  return (
    <section className="ds-panel" aria-labelledby="good-docs">
      <h2 id="good-docs" className="ds-good-docs-title">
        {t('ri.good.documents')}
      </h2>
      {docs.status === 'loading' && !docs.data ? <Skeleton active /> : null}
      {docs.status === 'failed' || (docs.data && !rows.length) ? <Empty description={<span className="ds-empty-text">{t('ri.good.noDocuments')}</span>} /> : null}
      {rows.length ? (
        <ul className="ds-good-docs">
          {rows.map((doc) => (
            <li key={doc.fileId} className={doc.item === first ? 'is-first' : undefined}>
              <span>
                <FileTextOutlined aria-hidden /> {label(PackageItems.find(doc.item), '')}：
                <a href={platform.http.url(doc.url)} target="_blank" rel="noopener noreferrer">
                  {doc.fileName}
                </a>
              </span>
              <span className="ds-lesson-card-meta">{formatBytes(doc.fileSize)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
