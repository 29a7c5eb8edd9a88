import type { HelpArticle, HelpArticleSummary } from '@dscloud/sdk/help';
import { Alert, Button, Collapse, Empty, Input, Segmented, Spin } from 'antd';
import { useState } from 'react';
import type { HelpPortalApi } from '../api/help';
import { sanitizeHtml } from '../activities/sanitizeHtml';
import { useT } from '../i18n/useT';
import { useAsync } from '../lessons/useAsync';

/** One article's body, fetched when it is opened and cleaned again before it is shown. */
function ArticleBody({ api, id }: { api: HelpPortalApi; id: string }) {
  const t = useT();
  const article = useAsync<HelpArticle>(() => api.article(id), [api, id]);
  if (article.status === 'failed') return <Alert type="error" message={article.message} action={<Button onClick={article.reload}>{t('help.retry')}</Button>} />;
  if (!article.data) return <Spin />;
  return (
    <div>
      {/* The server cleaned the body when it was saved; DOMPurify guards what is shown (docs/help.md). */}
      <div className="ds-help-centre-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(article.data.body) }} />
      {article.data.videoUrl ? (
        <video className="ds-help-centre-video" controls preload="none" src={article.data.videoUrl} poster={article.data.posterUrl} width={640} height={360} aria-label={article.data.title} />
      ) : null}
    </div>
  );
}

/** The help articles by topic, searchable; each opens in place. Operation videos are listed beside. */
export function HelpArticles({ api, onVideos }: { api: HelpPortalApi; onVideos?: (rows: HelpArticleSummary[]) => void }) {
  const t = useT();
  const [topic, setTopic] = useState('');
  const [keyword, setKeyword] = useState('');
  const list = useAsync(async () => {
    const found = await api.articles({ topic, keyword });
    onVideos?.(found.rows.filter((r) => r.videoUrl));
    return found;
  }, [api, topic, keyword]);

  return (
    <section className="ds-help-centre-articles" aria-labelledby="help-articles-title">
      <h2 id="help-articles-title" className="ds-help-centre-h2">
        {t('help.topics')}
      </h2>
      <Input.Search className="ds-help-centre-search" allowClear placeholder={t('help.searchPlaceholder')} aria-label={t('help.search')} enterButton={t('help.search')} onSearch={(value) => setKeyword(value.trim())} maxLength={50} />
      <Segmented
        className="ds-help-centre-topics"
        value={topic}
        onChange={(value) => setTopic(String(value))}
        options={[{ value: '', label: t('help.allTopics') }, ...(list.data?.topics ?? []).map((name) => ({ value: name, label: name }))]}
      />
      {list.status === 'failed' ? (
        <Alert type="error" showIcon message={t('help.loadFailed', { message: list.message })} action={<Button onClick={list.reload}>{t('help.retry')}</Button>} />
      ) : null}
      {list.data && list.data.rows.length === 0 ? <Empty description={t('help.noArticles')} /> : null}
      {!list.data && list.status === 'loading' ? <Spin /> : null}
      {list.data && list.data.rows.length > 0 ? (
        <Collapse
          className="ds-help-centre-list"
          items={list.data.rows.map((row) => ({
            key: row.id,
            label: (
              <span>
                <span className="ds-help-centre-topic">{row.topic}</span>
                {row.title}
              </span>
            ),
            extra: null,
            children: (
              <>
                {row.summary ? <p className="ds-help-centre-summary">{row.summary}</p> : null}
                <ArticleBody api={api} id={row.id} />
              </>
            ),
          }))}
          destroyOnHidden
        />
      ) : null}
    </section>
  );
}
