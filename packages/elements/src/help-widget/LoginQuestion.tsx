import { Dialog } from '../shared/Dialog.js';
import type { HelpLoginDetail } from './HelpWidget.js';
import type { HelpWidgetMessages } from './messages.js';

export interface LoginQuestionProps {
  messages: HelpWidgetMessages;
  loginUrl: string | undefined;
  onLogin: ((detail: HelpLoginDetail) => void) | undefined;
  onClose: () => void;
}

/** The login page with the page to come back to (`returnUrl`), as the portal's login reads it. */
export function loginAddress(loginUrl: string, returnUrl: string): string {
  const url = new URL(loginUrl, location.href);
  const [path, hash] = url.hash ? [url.hash.slice(1), true] : [url.search, false];
  if (hash) {
    const sep = path.includes('?') ? '&' : '?';
    url.hash = `${path}${sep}returnUrl=${encodeURIComponent(returnUrl)}`;
  } else {
    url.searchParams.set('returnUrl', returnUrl);
  }
  return url.href;
}

/** A visitor chose 意见反馈: 「需要登录后查看，是否登录？」 with 取消 and 登录. */
export function LoginQuestion({ messages: m, loginUrl, onLogin, onClose }: LoginQuestionProps) {
  const login = () => {
    const returnUrl = location.href;
    onLogin?.({ returnUrl });
    onClose();
    if (loginUrl?.trim()) location.assign(loginAddress(loginUrl.trim(), returnUrl));
  };
  return (
    <Dialog open title={m.loginTitle} closeLabel={m.closeDialog} onClose={onClose} part="login-dialog">
      <p>{m.loginQuestion}</p>
      <div className="ds-help__actions">
        <button type="button" className="ds-help__button" onClick={onClose}>
          {m.cancel}
        </button>
        <button type="button" className="ds-help__button ds-help__button--primary" onClick={login}>
          {m.login}
        </button>
      </div>
    </Dialog>
  );
}
