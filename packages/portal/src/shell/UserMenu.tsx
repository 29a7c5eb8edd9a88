import { UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useT } from '../i18n/useT';
import { useBackOfficeScreen } from '../management/kit/access';
import { useLogout, useViewerProfile } from '../platform/hooks';
import { Disclosure } from './Disclosure';
import { loginRoute } from './navItems';

/**
 * Avatar and name with their menu, or the login button for a visitor (spec §2 "User menu"). Beside the
 * spec's entries: 管理后台 for a user with a back-office screen and 作品评审 for an activity reviewer,
 * each opening the first screen the user may use there (docs/roles.md, "Reaching the back-office").
 */
export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const profile = useViewerProfile();
  const logout = useLogout();
  const backOffice = useBackOfficeScreen();
  const review = useBackOfficeScreen('audit');

  if (!profile.loggedIn) {
    return (
      <button type="button" className="ds-button ds-button-primary" onClick={() => void navigate(loginRoute(location.pathname + location.search))}>
        {t('user.login')}
      </button>
    );
  }

  const name = profile.name || '—';
  return (
    <Disclosure
      className="ds-user-menu"
      triggerClassName="ds-user-trigger"
      triggerLabel={`${t('user.menu')}：${name}`}
      openOnFocus
      trigger={
        <>
          <span className="ds-avatar" aria-hidden="true">
            {profile.avatarUrl ? <img src={profile.avatarUrl} alt="" width={32} height={32} /> : <UserOutlined />}
          </span>
          {/* The whole name on hover when the bar cuts it short. */}
          <span className="ds-user-name" title={name}>
            {name}
          </span>
        </>
      }
    >
      {(close) => (
        <ul className="ds-nav-sub ds-user-panel">
          {profile.kind === 'teacher' ? (
            <li>
              <Link className="ds-nav-link" to="/my-lessons" onClick={close}>
                {t('teach.myLessons')}
              </Link>
            </li>
          ) : null}
          {profile.kind === 'teacher' ? (
            <li>
              <Link className="ds-nav-link" to="/my-tools" onClick={close}>
                {t('tools.title')}
              </Link>
            </li>
          ) : null}
          <li>
            {profile.kind === 'teacher' ? (
              <Link className="ds-nav-link" to="/my-collection" onClick={close}>
                {t('user.collection')}
              </Link>
            ) : (
              <Link className="ds-nav-link" to="/personal-center" onClick={close}>
                {t('user.personalCenter')}
              </Link>
            )}
          </li>
          {backOffice ? (
            <li>
              <Link className="ds-nav-link" to={backOffice} onClick={close}>
                {t('management.title')}
              </Link>
            </li>
          ) : null}
          {review ? (
            <li>
              <Link className="ds-nav-link" to={review} onClick={close}>
                {t('user.review')}
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className="ds-nav-link"
              onClick={() => {
                close();
                // The SDK then sends the user to login (or to the bureau's own logout page).
                void logout();
              }}
            >
              {t('user.logout')}
            </button>
          </li>
        </ul>
      )}
    </Disclosure>
  );
}
