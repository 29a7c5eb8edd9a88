import { Drawer } from 'antd';
import { AntdScope } from '../app/AntdRoot';
import { useT } from '../i18n/useT';
import { NavList } from './NavList';
import type { NavItem } from './navItems';

/** The drawer of the mobile menu: a lazy part of its own, loaded the first time the menu is opened. */
export default function MobileNavDrawer({ items, open, onClose }: { items: NavItem[]; open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <AntdScope>
      <Drawer open={open} onClose={onClose} placement="left" size={280} title={t('nav.menu')}>
        <nav aria-label={t('nav.main')}>
          <NavList items={items} layout="drawer" onNavigate={onClose} />
        </nav>
      </Drawer>
    </AntdScope>
  );
}
