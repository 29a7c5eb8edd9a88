import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { useT } from '../i18n/useT';
import { Disclosure } from './Disclosure';
import type { NavItem } from './navItems';
import { useSsoOpener } from './useSsoOpener';

// A dialog only a click on a not-yet-built entry shows: antd's modal is not in the first load.
const ComingSoonDialog = lazy(() => import('./ComingSoonDialog'));

interface EntryProps {
  item: NavItem;
  onNavigate?: () => void;
}

function Entry({ item, onNavigate }: EntryProps) {
  const t = useT();
  // Mounted from the first opening on, so that closing keeps the dialog's own closing transition.
  const [dialog, setDialog] = useState<'closed' | 'open' | 'used'>('closed');
  const opener = useRef<HTMLButtonElement>(null);
  // Keyboard focus goes back to the entry that opened 敬请期待, or, when that entry sits in a group's
  // panel that closed as focus moved into the dialog (antd's own return then finds a hidden button and
  // focus falls to <body>), to the group's button.
  const returnFocus = () => {
    const entry = opener.current;
    if (!entry) return;
    const group = entry.closest('.ds-disclosure')?.querySelector<HTMLButtonElement>('.ds-disclosure-trigger');
    (entry.checkVisibility() || !group ? entry : group).focus();
  };
  const openSso = useSsoOpener();
  const label = t(item.label);
  if (item.sso) {
    const target = item.sso;
    return (
      <button
        type="button"
        className="ds-nav-link"
        data-sso={target}
        onClick={() => {
          openSso(target);
          onNavigate?.();
        }}
      >
        {label}
      </button>
    );
  }
  if (item.comingSoon) {
    return (
      <>
        <button ref={opener} type="button" className="ds-nav-link" aria-haspopup="dialog" onClick={() => setDialog('open')}>
          {label}
        </button>
        {dialog !== 'closed' ? (
          <Suspense fallback={null}>
            <ComingSoonDialog open={dialog === 'open'} title={label} onClose={() => setDialog('used')} afterClose={returnFocus} />
          </Suspense>
        ) : null}
      </>
    );
  }
  if (item.href !== undefined) {
    return (
      <a className="ds-nav-link" href={item.href || undefined} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
        {label}
      </a>
    );
  }
  return (
    <NavLink className="ds-nav-link" to={item.to ?? '/'} onClick={onNavigate} end={item.key !== 'learn'}>
      {label}
    </NavLink>
  );
}

export interface NavListProps {
  items: NavItem[];
  /** 'bar' shows groups as hover panels (desktop); 'drawer' shows them expanded (mobile). */
  layout: 'bar' | 'drawer';
  onNavigate?: () => void;
}

/** The header entries as a list of links; groups become disclosures on the desktop bar. */
export function NavList({ items, layout, onNavigate }: NavListProps) {
  const t = useT();
  return (
    <ul className={`ds-nav ds-nav-${layout}`}>
      {items.map((item) => (
        <li key={item.key} className="ds-nav-item">
          {!item.children ? (
            <Entry item={item} onNavigate={onNavigate} />
          ) : layout === 'bar' ? (
            <Disclosure trigger={<>{t(item.label)} <span aria-hidden="true">▾</span></>} triggerClassName="ds-nav-link">
              {(close) => (
                <ul className="ds-nav-sub">
                  {item.children!.map((child) => (
                    <li key={child.key}>
                      <Entry item={child} onNavigate={close} />
                    </li>
                  ))}
                </ul>
              )}
            </Disclosure>
          ) : (
            <>
              <span className="ds-nav-group">{t(item.label)}</span>
              <ul className="ds-nav-sub-inline">
                {item.children.map((child) => (
                  <li key={child.key}>
                    <Entry item={child} onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
