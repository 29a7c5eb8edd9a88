import { MenuOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n/useT';
import type { NavItem } from './navItems';

// Most visits never open it (wide screens hide the button): the drawer is not in the first load.
const MobileNavDrawer = lazy(() => import('./MobileNavDrawer'));

/** Under 768 px the header entries fold into a drawer behind one menu button. */
export function MobileNav({ items }: { items: NavItem[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing keeps the drawer's own closing transition.
  const [used, setUsed] = useState(false);
  return (
    <div className="ds-mobile-nav">
      <button
        type="button"
        className="ds-button ds-button-text ds-button-icon"
        aria-label={t('nav.menu')}
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuOutlined aria-hidden="true" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileNavDrawer items={items} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
