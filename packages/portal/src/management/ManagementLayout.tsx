import { Spin } from 'antd';
import { matchPath, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useT } from '../i18n/useT';
import { useManagementAccess } from '../platform/hooks';
import { Placeholder } from '../screens/Placeholder';
import { loginRoute } from '../shell/navItems';
import { useMgmtRights } from './kit/access';
import { firstScreenFor, managementRoutes } from './managementRoutes';
import './management.css';

/**
 * The /management back-office: side menu and screen. Visitors go to login first; users without a
 * back-office screen see why they cannot enter (the server refuses their calls anyway). The menu lists
 * the screens the user's roles may use; the bare path opens the first of them (直播课管理 for
 * administrators and researchers, spec §2; 作品审核 for a reviewer), and so does a screen their roles
 * may not use. Screens of the reviewers are left to the server: an assignment can come during a session.
 */
export default function ManagementLayout() {
  const t = useT();
  const location = useLocation();
  const access = useManagementAccess();
  const rights = useMgmtRights();

  // The filters of a shared link survive the login.
  if (access === 'anonymous') return <Navigate to={loginRoute(location.pathname + location.search)} replace />;
  if (access === 'pending') {
    return (
      <div className="ds-mgmt-pending">
        <Spin aria-label={t('loading')} />
      </div>
    );
  }
  // District and school administrators enter too: their rights come from the same roles the server checks.
  if (access === 'denied' && rights.size === 0) {
    return <Placeholder status="403" title={t('management.title')} subTitle={t('forbidden')} />;
  }
  const first = firstScreenFor(rights);
  const here = managementRoutes.find((r) => matchPath(`/management/${r.path}`, location.pathname));
  const refused = here?.access !== undefined && here.access !== 'audit' && !rights.has(here.access);
  if (first && (!here || refused)) return <Navigate to={first} replace />;
  return (
    <div className="ds-mgmt">
      <nav className="ds-mgmt-nav" aria-label={t('management.nav')}>
        <h1 className="ds-mgmt-title">{t('management.title')}</h1>
        <ul>
          {managementRoutes
            .filter((r) => r.menu && (!r.access || rights.has(r.access)))
            .map((r) => (
              <li key={r.path}>
                <NavLink to={`/management/${r.path}`} className="ds-mgmt-link">
                  {t(r.title)}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className="ds-mgmt-content">
        <Outlet />
      </div>
    </div>
  );
}

