import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useT } from '../i18n/useT';
import { NavList } from './NavList';
import type { NavItem } from './navItems';

/** Under 768 px the header entries fold into a drawer behind one menu button. */
export function MobileNav({ items }: { items: NavItem[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="ds-mobile-nav">
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('nav.menu')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      <Drawer open={open} onClose={() => setOpen(false)} placement="left" size={280} title={t('nav.menu')}>
        <nav aria-label={t('nav.main')}>
          <NavList items={items} layout="drawer" onNavigate={() => setOpen(false)} />
        </nav>
      </Drawer>
    </div>
  );
}
