import { ReadOutlined } from '@ant-design/icons';
import { ConfigKeys } from '@dscloud/sdk/config';
import { useMemo } from 'react';
import { AssistantButton } from '../assistant/AssistantButton';
import { Link, useLocation } from 'react-router';
import { useT } from '../i18n/useT';
import { useBackOfficeScreen } from '../management/kit/access';
import { useBoot, useGlobalValue, usePlatformName, useViewer } from '../platform/hooks';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileNav } from './MobileNav';
import { NavList } from './NavList';
import { navItems } from './navItems';
import { UserMenu } from './UserMenu';

/** Brand, the role-dependent navigation of spec §2/§6, language and the user menu. */
export function Header() {
  const t = useT();
  const location = useLocation();
  const viewer = useViewer();
  const platformName = usePlatformName();
  const here = location.pathname + location.search;
  // 智慧管理: the bureau's own system when its address is set, else the portal's back-office (docs/roles.md);
  // nothing until the configuration says which.
  const configReady = useBoot().config === 'ready';
  const managementSite = useGlobalValue(ConfigKeys.smartManagement) !== '';
  const backOffice = useBackOfficeScreen();
  const items = useMemo(
    () => navItems({ ...viewer, managementSite, backOffice: configReady ? backOffice : null }, here),
    [viewer, managementSite, backOffice, configReady, here],
  );

  return (
    <header className="ds-header">
      <div className="ds-container ds-header-inner">
        <MobileNav items={items} />
        <Link to="/" className="ds-brand">
          <ReadOutlined aria-hidden="true" />
          <span>{platformName || t('screen.home')}</span>
        </Link>
        <nav aria-label={t('nav.main')} className="ds-nav-desktop">
          <NavList items={items} layout="bar" />
        </nav>
        <div className="ds-header-tools">
          <AssistantButton />
          <LanguageSwitch />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
