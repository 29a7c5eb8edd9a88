import type { SsoTarget } from '@dscloud/sdk/sso';
import type { TKey } from '../i18n/useT';

/** Who is looking at the header: the rules of spec §2/§6 depend on nothing else. */
export interface Viewer {
  loggedIn: boolean;
  /** `pending`: logged in, the user not loaded yet — no entry that depends on who it is shows meanwhile. */
  kind: 'teacher' | 'student' | 'other' | 'pending';
  /**
   * 智慧管理 leads to the bureau's management system by single sign-on when its address is set in the
   * platform settings (`managementSite`), else to the first back-office screen the viewer may use
   * (`backOffice`); with neither (or while not known) the entry is not shown (docs/roles.md).
   */
  managementSite?: boolean;
  backOffice?: string | null;
}

/**
 * One header entry: an in-app route (`to`), an external page (`href`), another system of the bureau
 * reached by single sign-on (`sso`: a signed ticket, never the user id, docs/sso.md), or a group.
 */
export interface NavItem {
  key: string;
  label: TKey;
  to?: string;
  href?: string;
  sso?: SsoTarget;
  children?: NavItem[];
  /** Shown but not usable yet: opens the "coming soon" notice instead. */
  comingSoon?: boolean;
}

/** Login route that brings the user back to `target` afterwards. */
export function loginRoute(target: string): string {
  return `/login?returnUrl=${encodeURIComponent(target)}`;
}

/**
 * The header entries a viewer may see, in display order. `here` is the current route, where the login
 * page returns to: a visitor who picks another system of the bureau signs in first.
 */
export function navItems(viewer: Viewer, here: string): NavItem[] {
  const external = (key: string, label: TKey, sso: SsoTarget): NavItem =>
    viewer.loggedIn ? { key, label, sso } : { key, label, to: loginRoute(here) };
  const items: NavItem[] = [{ key: 'home', label: 'nav.home', to: '/main/type=new' }];
  items.push({ key: 'learn', label: viewer.kind === 'teacher' ? 'nav.teach' : 'nav.learn', to: '/learn' });
  items.push(external('growth', 'nav.growth', 'smartGrowth'));
  const known = viewer.kind !== 'pending';
  if (known && viewer.kind !== 'teacher') {
    items.push({ key: 'assessment', label: 'nav.assessment', to: '/waitPage/smartAssessment' });
  }
  if (known && viewer.kind !== 'student') {
    items.push({
      key: 'training',
      label: 'nav.training',
      children: [
        { key: 'training-1', label: 'nav.training.primary', to: '/waitPage/smartTraining/1' },
        { key: 'training-2', label: 'nav.training.high', to: '/waitPage/smartTraining/2' },
      ],
    });
  }
  if (known && viewer.loggedIn && viewer.kind !== 'student') {
    if (viewer.managementSite) items.push(external('management', 'nav.management', 'smartManagement'));
    else if (viewer.backOffice) items.push({ key: 'management', label: 'nav.management', to: viewer.backOffice });
  }
  items.push({
    key: 'famousSchool',
    label: 'nav.famousSchool',
    children: [
      { key: 'school-1', label: 'school.1', to: '/famousSchool' },
      { key: 'school-2', label: 'school.2', comingSoon: true },
      { key: 'school-3', label: 'school.3', comingSoon: true },
      { key: 'school-4', label: 'school.4', comingSoon: true },
    ],
  });
  items.push(external('virtualSimulation', 'nav.virtualSimulation', 'virtualSimulation'));
  return items;
}
