import { Login } from '@dscloud/elements';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocale, useT } from '../i18n/useT';
import { useGlobalValue } from '../platform/hooks';
import { safeReturnUrl } from '../routes/returnUrl';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import './login/login-screen.css';

/** `/login?returnUrl=…`: the shared login element, then back where the user was (only inside the portal). */
export default function LoginScreen() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const platformName = useGlobalValue('common.platform.name');
  useDocumentTitle();
  const target = safeReturnUrl(params.get('returnUrl'));

  return (
    <div className="ds-login-screen">
      <header className="ds-login-top">
        <h1 className="ds-login-brand">{platformName}</h1>
        <LanguageSwitch />
      </header>
      <main className="ds-login-main">
        <Login lang={locale} onSuccess={() => void navigate(target, { replace: true })} />
      </main>
      <footer className="ds-login-footer">
        © {new Date().getFullYear()} {platformName} {t('footer.copyright')}
      </footer>
    </div>
  );
}
