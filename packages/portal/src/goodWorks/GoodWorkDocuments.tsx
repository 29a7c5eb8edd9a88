import { PackageItems } from '@dscloud/sdk/activities';
import { Skeleton } from 'antd';
import { useLocale, useT } from '../i18n/useT';
import { useAsync } from '../lessons/useAsync';
import { useGoodWorksApi } from '../management/insight/useInsightApi';

const size = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The package documents of a high-quality work (lesson design, task sheet, courseware, exercises), each opened from its signed link. */
export function GoodWorkDocuments({ lessonId }: { lessonId: string }) {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useGoodWorksApi();
  const docs = useAsync(() => api.documents(lessonId), [api, lessonId]);
  const itemName = (code: number) => {
    const e = PackageItems.find(code);
    return e ? (en ? e.labelEn : e.label) : String(code);
  };
  let body;
  if (docs.status === 'failed' && !docs.data) body = <p className="ds-empty-text">{t('ri.good.documentsFailed')}</p>;
  else if (!docs.data) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (docs.data.items.length === 0) body = <p className="ds-empty-text">{t('ri.good.noDocuments')}</p>;
  else
    body = (
      <ul className="ds-good-documents">
        {docs.data.items.map((d) => (
          <li key={d.fileId}>
            <span className="ds-good-document-kind">{itemName(d.item)}</span>
            <a href={d.url} target="_blank" rel="noreferrer" aria-label={t('ri.good.open', { name: d.fileName })}>
              {d.fileName}
            </a>
            <span className="ds-good-document-size">{size(d.fileSize)}</span>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="ds-panel ds-good-docs" aria-labelledby="good-docs">
      <h2 id="good-docs">{t('ri.good.documents')}</h2>
      {body}
    </section>
  );
}
