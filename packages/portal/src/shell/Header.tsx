import { ReadOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { AssistantButton } from '../assistant/AssistantButton';
import { Link, useLocation } from 'react-router';
import { useT } from '../i18n/useT';
import { usePlatformName, useViewer } from '../platform/hooks';
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
  const items = useMemo(() => navItems(viewer, here), [viewer, here]);

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
