import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import css from './help-widget.css?inline';
import { useStyles } from '../shared/adoptStyles.js';
import { useProvidedPlatform } from '../shared/providedPlatform.js';
import type { HelpContent } from './helpCore.js';
import { HelpPanel, type HelpItem } from './HelpPanel.js';
import { LazyDialogs, type OpenDialog } from './LazyDialogs.js';
import { lazyPart, usePart } from './lazyPart.js';
import { helpWidgetMessages, toLang } from './messages.js';
import { browserOpenMemory, type OpenMemory } from './openMemory.js';

export interface HelpToggleDetail {
  open: boolean;
}
export interface HelpLoginDetail {
  /** The page to come back to after the login. */
  returnUrl: string;
}
export interface FeedbackSentDetail {
  id: string;
}

export interface HelpWidgetProps {
  /** Platform origin; default: the provided platform, else the origin the element script came from. */
  apiBase?: string;
  lang?: string;
  /** Address of 帮助中心; default: the `common.help.centerUrl` setting, else the portal's `#/help`. */
  helpUrl?: string;
  /** Login page a visitor is sent to (with `returnUrl`) when they agree to log in; without it `onLogin` decides. */
  loginUrl?: string;
  /** Token for the feedback calls (property only). Default: the platform session's token. */
  token?: string;
  /** Where open/collapsed is remembered. Default: localStorage. */
  memory?: OpenMemory;
  onToggle?: (detail: HelpToggleDetail) => void;
  onLogin?: (detail: HelpLoginDetail) => void;
  onFeedbackSent?: (detail: FeedbackSentDetail) => void;
}

const core = lazyPart(() => import('./helpCore.js'));

const HELP_ICON = 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 17h-2v-2h2v2Zm2.1-7.8-.9.9A3.4 3.4 0 0 0 13 15h-2v-.5a4 4 0 0 1 1.2-2.8l1.2-1.3a2 2 0 1 0-3.4-1.4H8a4 4 0 1 1 7.1 2.2Z';

/**
 * The floating help widget of the portal and of bureau pages: 微信端 and TV端 (QR and operation
 * video), 帮助中心, 客服热线 and 意见反馈, from the platform settings. The collapsed button is the
 * whole first load; the settings follow right after it, the dialogs (QR, video, feedback form) only
 * when opened.
 */
export function HelpWidget(props: HelpWidgetProps) {
  const lang = toLang(props.lang);
  const m = helpWidgetMessages(lang);
  const root = useRef<HTMLElement>(null);
  useStyles(root, 'ds-help-widget', css);
  const memory = useMemo(() => props.memory ?? browserOpenMemory(), [props.memory]);
  const [open, setOpen] = useState(() => memory.read() ?? false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  const provided = useProvidedPlatform();
  const { part, failed, retry } = usePart(core, true);
  const platform = part ? (provided ?? part.getPlatform(props.apiBase)) : undefined;
  const [content, setContent] = useState<HelpContent | null>(null);
  useEffect(() => {
    if (!part || !platform) return undefined;
    let live = true;
    void part.helpContent(platform).then((loaded) => live && setContent(loaded));
    return () => void (live = false);
  }, [part, platform]);

  const { onToggle } = props;
  const toggle = useCallback(
    (next: boolean) => {
      setOpen(next);
      memory.write(next);
      onToggle?.({ open: next });
    },
    [memory, onToggle],
  );

  // Focus goes back to what opened a dialog once it is closed (the dialog's own effect ran first).
  const [restore, setRestore] = useState(0);
  useEffect(() => {
    if (restore) opener.current?.focus();
  }, [restore]);
  const closeDialog = useCallback(() => {
    setDialog(null);
    setRestore((n) => n + 1);
  }, []);

  const choose = (item: HelpItem, from: HTMLElement) => {
    opener.current = from;
    if (item !== 'feedback') return setDialog(item);
    if (part && platform) return setDialog(part.signedIn(platform, props.token) ? 'feedback' : 'login');
    // Only the platform core knows whether someone is signed in: chosen before it has loaded, 意见反馈
    // waits for it rather than ask a signed-in user to log in. A core that fails shows in the panel.
    core.get().then(
      (loaded) => setDialog(loaded.signedIn(provided ?? loaded.getPlatform(props.apiBase), props.token) ? 'feedback' : 'login'),
      () => undefined,
    );
  };

  return (
    <aside
      ref={root}
      className="ds-help"
      data-ds-root="ds-help-widget"
      part="base"
      aria-label={m.widget}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open || dialog) return;
        toggle(false);
        toggleRef.current?.focus();
      }}
    >
      {open ? (
        <HelpPanel id={panelId} messages={m} content={content} failed={failed} onRetry={retry} helpUrl={props.helpUrl} onChoose={choose} />
      ) : null}
      <button ref={toggleRef} type="button" className="ds-help__toggle" part="toggle" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => toggle(!open)}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={HELP_ICON} />
        </svg>
        <span>{m.widget}</span>
      </button>
      {dialog ? (
        <LazyDialogs
          dialog={dialog}
          lang={lang}
          messages={m}
          content={content}
          platform={platform}
          token={props.token}
          loginUrl={props.loginUrl}
          onLogin={props.onLogin}
          onFeedbackSent={props.onFeedbackSent}
          onClose={closeDialog}
        />
      ) : null}
    </aside>
  );
}
