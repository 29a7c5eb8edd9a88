import { WarningFilled } from '@ant-design/icons';
import { useState } from 'react';
import type { LoginNotice as Notice } from '@dscloud/sdk/auth';
import { useLocale, useT } from '../i18n/useT';
import { useLoggedIn } from '../platform/hooks';
import { usePortal } from '../platform/PortalContext';

/**
 * Tells the owner, after a login, of the failed attempts on the account from other devices or
 * networks that the server reported (auth/loginDevices.ts on the server): the only sign an owner
 * gets that someone is guessing. Shown until dismissed; a logout forgets it.
 */
export function LoginNotice() {
  const t = useT();
  const locale = useLocale();
  const { platform } = usePortal();
  const loggedIn = useLoggedIn();
  // Read from the SDK on each render (a storage read): the login that set it happened on another screen.
  const [, dismissed] = useState(0);
  const notice: Notice | null = loggedIn ? platform.auth.loginNotice() : null;
  if (!notice) return null;
  const time = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(notice.lastAt);
  const dismiss = () => {
    platform.auth.dismissLoginNotice();
    dismissed((n) => n + 1);
    // The button goes with the banner: keep a keyboard user in the page, where the skip link leads.
    document.getElementById('ds-main')?.focus();
  };
  // Plain markup rather than antd's Alert: the shell paints before antd loads.
  return (
    <div className="ds-container ds-boot-notice">
      <div className="ds-alert ds-alert--warning" role="alert">
        <WarningFilled className="ds-alert-icon" aria-hidden="true" />
        <span className="ds-alert-text">{t('login.failedElsewhere', { count: notice.count, time })}</span>
        <button type="button" className="ds-button ds-button-small" onClick={dismiss}>
          {t('login.failedElsewhere.dismiss')}
        </button>
      </div>
    </div>
  );
}
