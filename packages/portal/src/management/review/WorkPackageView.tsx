import { PackageItem, PackageItems } from '@dscloud/sdk/activities';
import type { AuditWorkItem } from '@dscloud/sdk/review';
import { Button } from 'antd';
import { useState } from 'react';
import { useLocale, useT } from '../../i18n/useT';

const PREVIEWABLE = /\.(pdf|png|jpe?g|gif|webp)$/i;

/**
 * The work's package side by side: the lesson video in the player on one side, the documents (lesson
 * design, task sheet, courseware, exercises) on the other — a PDF or picture shown in place, any file
 * opened from its signed link.
 */
export function WorkPackageView({ items, title }: { items: readonly AuditWorkItem[]; title: string }) {
  const t = useT();
  const en = useLocale() === 'en';
  const videos = items.filter((i) => i.item === PackageItem.VIDEO);
  const docs = items.filter((i) => i.item !== PackageItem.VIDEO);
  const [shown, setShown] = useState<string | null>(docs.find((d) => PREVIEWABLE.test(d.fileName))?.fileId ?? null);
  const preview = docs.find((d) => d.fileId === shown) ?? null;
  const itemName = (code: number) => {
    const e = PackageItems.find(code);
    return e ? (en ? e.labelEn : e.label) : String(code);
  };
  return (
    <div className="ds-rv-split">
      <section className="ds-rv-pane" aria-labelledby="rv-video">
        <h2 id="rv-video">{t('rv.work.video')}</h2>
        {videos.length ? (
          videos.map((v) => (
            <video key={v.fileId} className="ds-rv-video" controls preload="metadata" src={v.url} aria-label={`${title} · ${v.fileName}`} />
          ))
        ) : (
          <p className="ds-mgmt-muted">{t('rv.work.noVideo')}</p>
        )}
      </section>
      <section className="ds-rv-pane" aria-labelledby="rv-docs">
        <h2 id="rv-docs">{t('rv.work.documents')}</h2>
        {docs.length ? (
          <ul className="ds-rv-files">
            {docs.map((d) => (
              <li key={d.fileId}>
                <span className="ds-mgmt-muted">{itemName(d.item)}：</span>
                {PREVIEWABLE.test(d.fileName) ? (
                  <Button type="link" size="small" aria-pressed={shown === d.fileId} onClick={() => setShown(d.fileId)}>
                    {d.fileName}
                  </Button>
                ) : null}
                <a href={d.url} target="_blank" rel="noreferrer" aria-label={t('rv.work.open', { name: d.fileName })}>
                  {PREVIEWABLE.test(d.fileName) ? '↗' : d.fileName}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="ds-mgmt-muted">{t('rv.work.noFiles')}</p>
        )}
        {preview ? <iframe className="ds-rv-doc" src={preview.url} title={preview.fileName} /> : null}
      </section>
    </div>
  );
}
