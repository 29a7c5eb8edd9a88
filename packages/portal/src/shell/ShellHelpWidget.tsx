import { HelpWidget } from '@dscloud/elements';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../i18n/useT';
import { loginRoute } from './navItems';

/** The floating help widget of every user-facing screen (spec §2 "/"); a visitor's 登录 goes to the portal's login and back. */
export default function ShellHelpWidget() {
  const lang = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  return <HelpWidget lang={lang} onLogin={() => void navigate(loginRoute(location.pathname + location.search))} />;
}
