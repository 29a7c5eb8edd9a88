import { useId, useState } from 'react';
import type { HelpContent } from './helpCore.js';
import type { HelpWidgetMessages } from './messages.js';

export type HelpItem = 'wechat' | 'tv' | 'feedback';

export interface HelpPanelProps {
  id: string;
  messages: HelpWidgetMessages;
  /** The settings once loaded; null while they load (or when they could not be). */
  content: HelpContent | null;
  failed: boolean;
  onRetry: () => void;
  helpUrl?: string;
  onChoose: (item: HelpItem, from: HTMLElement) => void;
}

/**
 * The open panel: one entry per item the settings fill in (a device end without QR or video, and
 * hotlines nobody published, are left out); 帮助中心 and 意见反馈 are always there.
 */
export function HelpPanel({ id, messages: m, content, failed, onRetry, helpUrl, onChoose }: HelpPanelProps) {
  const [hotlinesOpen, setHotlinesOpen] = useState(false);
  const hotlinesId = useId();
  const centerUrl = helpUrl?.trim() || content?.centerUrl;
  const hotlines = content
    ? ([
        [m.account, content.hotlines.account],
        [m.usage, content.hotlines.usage],
        [m.groupChat, content.hotlines.groupChat],
      ] as const).filter(([, value]) => value)
    : [];
  const button = (item: HelpItem, label: string) => (
    <li>
      <button type="button" className="ds-help__item" part={`item item-${item}`} aria-haspopup="dialog" onClick={(event) => onChoose(item, event.currentTarget)}>
        {label}
      </button>
    </li>
  );
  return (
    <div id={id} className="ds-help__panel" part="panel">
      <h2 className="ds-help__title">{m.items}</h2>
      <ul className="ds-help__items">
        {content?.wechat ? button('wechat', m.wechat) : null}
        {content?.tv ? button('tv', m.tv) : null}
        {centerUrl ? (
          <li>
            <a className="ds-help__item" part="item item-center" href={centerUrl} target="_blank" rel="noopener">
              {m.center}
              <span className="ds-sr-only">{m.newTab}</span>
            </a>
          </li>
        ) : null}
        {hotlines.length ? (
          <li>
            <button
              type="button"
              className="ds-help__item"
              part="item item-hotline"
              aria-expanded={hotlinesOpen}
              aria-controls={hotlinesId}
              onClick={() => setHotlinesOpen(!hotlinesOpen)}
            >
              {m.hotline}
            </button>
            <dl id={hotlinesId} className="ds-help__hotlines" part="hotlines" hidden={!hotlinesOpen}>
              {hotlines.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ) : null}
        {button('feedback', m.feedback)}
      </ul>
      {!content && failed ? (
        <p className="ds-help__status ds-help__problem" role="alert">
          {m.partFailed}{' '}
          <button type="button" className="ds-help__button" onClick={onRetry}>
            {m.retry}
          </button>
        </p>
      ) : !content ? (
        <p className="ds-help__status" role="status">
          {m.loading}
        </p>
      ) : null}
    </div>
  );
}
