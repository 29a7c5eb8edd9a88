import { Spin } from 'antd';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useT } from '../i18n/useT';
import { useManagementAccess } from '../platform/hooks';
import { Placeholder } from '../screens/Placeholder';
import { loginRoute } from '../shell/navItems';
import { managementRoutes } from './managementRoutes';
import './management.css';

/**
 * The /management back-office: side menu and screen. Visitors go to login first; users without a
 * back-office role see why they cannot enter (the server refuses their calls anyway).
 */
export default function ManagementLayout() {
  const t = useT();
  const location = useLocation();
  const access = useManagementAccess();

  if (access === 'anonymous') return <Navigate to={loginRoute(location.pathname)} replace />;
  if (access === 'pending') {
    return (
      <div className="ds-mgmt-pending">
        <Spin aria-label={t('loading')} />
      </div>
    );
  }
  if (access === 'denied') {
    return <Placeholder status="403" title={t('management.title')} subTitle={t('forbidden')} />;
  }
  return (
    <div className="ds-mgmt">
      <nav className="ds-mgmt-nav" aria-label={t('management.nav')}>
        <h1 className="ds-mgmt-title">{t('management.title')}</h1>
        <ul>
          {managementRoutes
            .filter((r) => r.menu)
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

