import { useState } from 'react';
import { Dialog } from '../shared/Dialog.js';
import type { Messages } from './messages.js';

export interface WechatLoginProps {
  messages: Messages;
  /** Asks the platform for the QR page address (single-use state inside). */
  loadUrl: () => Promise<string>;
}

/** "Other ways to log in": the WeChat icon and its QR modal. */
export function WechatLogin({ messages: m, loadUrl }: WechatLoginProps) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = () => {
    setOpen(true);
    setUrl(null);
    setError(null);
    loadUrl().then(setUrl, (reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)));
  };

  return (
    <div className="ds-login__others" part="others">
      <div>{m.otherMethods}</div>
      <button type="button" className="ds-login__wechat" part="wechat" aria-label={m.wechat} title={m.wechat} onClick={show}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M9 4C4.6 4 1 7 1 10.6c0 2 1.1 3.8 2.9 5l-.7 2.2 2.6-1.3c.9.3 1.9.4 2.9.4h.6a5.6 5.6 0 0 1-.2-1.5C9.1 12 12.3 9.2 16.4 9.2h.6C16.3 6.2 13 4 9 4Zm-2.6 3.4a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm5.3 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2ZM16.4 10.3c-3.5 0-6.3 2.3-6.3 5.1s2.8 5.1 6.3 5.1c.7 0 1.4-.1 2.1-.3l2.1 1.1-.6-1.8c1.6-1 2.7-2.4 2.7-4.1 0-2.8-2.8-5.1-6.3-5.1Zm-2.1 2.6a.8.8 0 1 1 0 1.7.8.8 0 0 1 0-1.7Zm4.2 0a.8.8 0 1 1 0 1.7.8.8 0 0 1 0-1.7Z" />
        </svg>
      </button>
      <Dialog open={open} title={m.wechatTitle} closeLabel={m.close} onClose={() => setOpen(false)} part="wechat-dialog">
        {url ? (
          <iframe className="ds-dialog__frame" src={url} title={m.wechatTitle} />
        ) : (
          <p role={error ? 'alert' : 'status'}>{error ?? m.captchaLoading}</p>
        )}
      </Dialog>
    </div>
  );
}
