import type { TKey } from '../i18n/useT';

/** Who is looking at the header: the rules of spec §2/§6 depend on nothing else. */
export interface Viewer {
  loggedIn: boolean;
  /** `pending`: logged in, the user not loaded yet — no entry that depends on who it is shows meanwhile. */
  kind: 'teacher' | 'student' | 'other' | 'pending';
  userId: string | null;
}

export interface Links {
  smartGrowth: string;
  smartManagement: string;
  virtualSimulation: string;
}

/** One header entry: an in-app route (`to`), an external page (`href`), or a group of children. */
export interface NavItem {
  key: string;
  label: TKey;
  to?: string;
  href?: string;
  children?: NavItem[];
  /** Shown but not usable yet: opens the "coming soon" notice instead. */
  comingSoon?: boolean;
}

/** Appends the user id the external single-sign-on site expects. */
export function withUserId(link: string, userId: string | null): string {
  if (!link || !userId) return link;
  const sep = link.includes('?') ? '&' : '?';
  return `${link}${sep}userId=${encodeURIComponent(userId)}`;
}

/** Login route that brings the user back to `target` afterwards. */
export function loginRoute(target: string): string {
  return `/login?returnUrl=${encodeURIComponent(target)}`;
}

/** The header entries a viewer may see, in display order. */
/** `here` is the current route, where the login page returns to. */
export function navItems(viewer: Viewer, links: Links, here: string): NavItem[] {
  const items: NavItem[] = [{ key: 'home', label: 'nav.home', to: '/main/type=new' }];
  items.push({ key: 'learn', label: viewer.kind === 'teacher' ? 'nav.teach' : 'nav.learn', to: '/learn' });
  items.push({ key: 'growth', label: 'nav.growth', href: withUserId(links.smartGrowth, viewer.userId) });
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
    items.push({ key: 'management', label: 'nav.management', href: links.smartManagement });
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
  items.push(
    viewer.loggedIn
      ? { key: 'virtualSimulation', label: 'nav.virtualSimulation', href: links.virtualSimulation }
      : { key: 'virtualSimulation', label: 'nav.virtualSimulation', to: loginRoute(here) },
  );
  return items;
}
