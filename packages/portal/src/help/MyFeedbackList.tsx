import { APPLY_STATUS_LABELS, FEEDBACK_TYPE_LABELS, type MyFeedback } from '@dscloud/sdk/help';
import { Alert, Button, Empty, Pagination, Tag } from 'antd';
import { useState } from 'react';
import type { HelpPortalApi } from '../api/help';
import { useLocale, useT } from '../i18n/useT';
import { dateTime } from '../lessons/format';
import { useAsync } from '../lessons/useAsync';

/** 我的反馈: the signed-in user's own feedback, newest first, each with its status and the reply. */
export function MyFeedbackList({ api, version }: { api: HelpPortalApi; version: number }) {
  const t = useT();
  const locale = useLocale();
  const [pageNum, setPageNum] = useState(1);
  const page = useAsync(() => api.mine({ pageNum, pageSize: 5 }), [api, pageNum, version]);
  if (page.status === 'failed' && !page.data) {
    return <Alert type="error" showIcon message={page.message} action={<Button onClick={page.reload}>{t('help.retry')}</Button>} />;
  }
  const rows = page.data?.rows ?? [];
  if (page.status === 'ready' && rows.length === 0) return <Empty description={t('feedback.mineEmpty')} />;
  return (
    <div aria-busy={page.status === 'loading'}>
      <ul className="ds-feedback-mine">
        {rows.map((row: MyFeedback) => (
          <li key={row.id} className="ds-feedback-item" data-feedback-id={row.id}>
            <div className="ds-feedback-item-head">
              <Tag>{FEEDBACK_TYPE_LABELS[row.type]?.[locale] ?? row.type}</Tag>
              <Tag>{APPLY_STATUS_LABELS[row.applyStatus][locale]}</Tag>
              <span className="ds-feedback-time">{t('feedback.sentAt', { time: dateTime(Date.parse(row.createdAt)) })}</span>
            </div>
            <p className="ds-feedback-text">{row.content}</p>
            {row.screenshots.length ? (
              <div className="ds-feedback-thumbs">
                {row.screenshots.map((shot, i) => (
                  <a key={shot.fileId} href={shot.url} target="_blank" rel="noopener noreferrer">
                    <img src={shot.thumbUrl ?? shot.url} alt={t('feedback.screenshotAlt', { n: i + 1 })} width={96} height={64} loading="lazy" />
                  </a>
                ))}
              </div>
            ) : null}
            <div className="ds-feedback-reply">
              <strong>{t('feedback.reply')}：</strong>
              {row.reply ? <span data-reply>{row.reply}</span> : <span className="ds-feedback-muted">{t('feedback.noReply')}</span>}
              {row.repliedAt ? <span className="ds-feedback-time">{dateTime(Date.parse(row.repliedAt))}</span> : null}
            </div>
          </li>
        ))}
      </ul>
      {(page.data?.total ?? 0) > 5 ? <Pagination current={pageNum} pageSize={5} total={page.data?.total ?? 0} onChange={setPageNum} /> : null}
    </div>
  );
}
