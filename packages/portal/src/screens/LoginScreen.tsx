import { Login } from '@dscloud/elements';
import { ScrollRestoration, useNavigate, useSearchParams } from 'react-router';
import { useLocale, useT } from '../i18n/useT';
import { Button, Result } from 'antd';
import { useAppConfig } from '../platform/appHooks';
import { usePlatformName } from '../platform/hooks';
import { usePortal } from '../platform/PortalContext';
import { safeReturnUrl } from '../routes/returnUrl';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import './login/login-screen.css';

/**
 * `/login?returnUrl=…`: the shared login element, then back where the user was (only inside the portal).
 * In a shell that logs its users in itself (application configuration `withLogin: false`) the page
 * shows no form of its own and sends the user back to the shell's login.
 */
export default function LoginScreen() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const platformName = usePlatformName();
  useDocumentTitle();
  const target = safeReturnUrl(params.get('returnUrl'));
  const { withLogin } = useAppConfig();
  const { device } = usePortal();

  return (
    <div className="ds-login-screen">
      {/* Outside the shell, so its own: the login opens at its top, back returns to where the reader was. */}
      <ScrollRestoration />
      <header className="ds-login-top">
        <h1 className="ds-login-brand">{platformName}</h1>
        <LanguageSwitch />
      </header>
      <main className="ds-login-main">
        {withLogin ? (
          <Login lang={locale} onSuccess={() => void navigate(target, { replace: true })} />
        ) : (
          <Result
            title={t('device.loginInApp')}
            extra={
              <Button type="primary" onClick={() => void device.getState().bridge.exitLogin().catch((cause: unknown) => console.error(cause))}>
                {t('device.backToAppLogin')}
              </Button>
            }
          />
        )}
      </main>
      <footer className="ds-login-footer">
        © {new Date().getFullYear()} {platformName} {t('footer.copyright')}
      </footer>
    </div>
  );
}
