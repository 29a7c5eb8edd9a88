import type { HelpArticleSummary } from '@dscloud/sdk/help';
import { Button, Card } from 'antd';
import { useMemo, useReducer, useState } from 'react';
import { helpApi } from '../api/help';
import { useT } from '../i18n/useT';
import { useAppSettings } from '../platform/appHooks';
import { useLoggedIn } from '../platform/hooks';
import { usePortal } from '../platform/PortalContext';
import { FeedbackForm } from './FeedbackForm';
import { HelpArticles } from './HelpArticles';
import { MyFeedbackList } from './MyFeedbackList';
import { useLoginQuestion } from './useLoginQuestion';
import './help.css';

/**
 * /help and /feedback (one screen, spec §2): help articles by topic with search, operation videos,
 * the hotlines from the platform settings, the feedback form and 我的反馈 with the replies.
 */
export default function HelpScreen() {
  const t = useT();
  const { platform } = usePortal();
  const api = useMemo(() => helpApi(platform), [platform]);
  const loggedIn = useLoggedIn();
  const login = useLoginQuestion();
  const [videos, setVideos] = useState<HelpArticleSummary[]>([]);
  const [version, sent] = useReducer((n: number) => n + 1, 0);
  const settings = useAppSettings();
  const hotlines = [
    ['help.hotline.account', settings.hotlines.account],
    ['help.hotline.usage', settings.hotlines.usage],
    ['help.hotline.groupChat', settings.hotlines.groupChat],
  ] as const;
  const shownHotlines = hotlines.filter(([, value]) => value);

  return (
    <div className="ds-help-centre">
      <h1 className="ds-screen-title">{t('help.title')}</h1>
      <div className="ds-help-centre-grid">
        <div className="ds-help-centre-main">
          <HelpArticles api={api} onVideos={(rows) => setVideos((prev) => (rows.length || prev.length === 0 ? rows : prev))} />
          <section className="ds-help-centre-feedback" aria-labelledby="feedback-title">
            <h2 id="feedback-title" className="ds-help-centre-h2">
              {t('feedback.title')}
            </h2>
            <FeedbackForm api={api} askLogin={login.ask} onSent={sent} />
          </section>
          <section aria-labelledby="feedback-mine-title">
            <h2 id="feedback-mine-title" className="ds-help-centre-h2">
              {t('feedback.mine')}
            </h2>
            {loggedIn ? (
              <MyFeedbackList api={api} version={version} />
            ) : (
              <p>
                {t('feedback.mineLogin')} <Button onClick={login.ask}>{t('feedback.login')}</Button>
              </p>
            )}
          </section>
        </div>
        <aside className="ds-help-centre-side">
          <Card title={<h2 className="ds-help-centre-h2">{t('help.hotlines')}</h2>} size="small">
            {shownHotlines.length ? (
              <dl className="ds-help-centre-hotlines">
                {shownHotlines.map(([key, value]) => (
                  <div key={key}>
                    <dt>{t(key)}</dt>
                    <dd>{/^[\d\s+-]+$/.test(value) ? <a href={`tel:${value.replace(/\s/g, '')}`}>{value}</a> : value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p>{t('help.noHotlines')}</p>
            )}
          </Card>
          <Card title={<h2 className="ds-help-centre-h2">{t('help.videos')}</h2>} size="small">
            {videos.length ? (
              <ul className="ds-help-centre-videos">
                {videos.map((row) => (
                  <li key={row.id}>
                    <p>{row.title}</p>
                    <video controls preload="none" src={row.videoUrl} poster={row.posterUrl} width={640} height={360} aria-label={row.title} />
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('help.noVideos')}</p>
            )}
          </Card>
        </aside>
      </div>
      {login.holder}
    </div>
  );
}
