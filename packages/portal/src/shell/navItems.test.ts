import { describe, expect, it } from 'vitest';
import { navItems, type Viewer } from './navItems';

const keys = (viewer: Viewer) => navItems(viewer, '/main/type=new').map((i) => i.key);
const teacher: Viewer = { loggedIn: true, kind: 'teacher', managementSite: true };
const student: Viewer = { loggedIn: true, kind: 'student' };
const visitor: Viewer = { loggedIn: false, kind: 'other' };

describe('header entries (spec §2/§6)', () => {
  it('teachers: smart teaching, training and management, no assessment', () => {
    const items = navItems(teacher, '/');
    expect(items.find((i) => i.key === 'learn')?.label).toBe('nav.teach');
    expect(keys(teacher)).toEqual(['home', 'learn', 'growth', 'training', 'management', 'famousSchool', 'virtualSimulation']);
  });

  it('students: smart learning and assessment, no training, no management', () => {
    expect(navItems(student, '/').find((i) => i.key === 'learn')?.label).toBe('nav.learn');
    expect(keys(student)).toEqual(['home', 'learn', 'growth', 'assessment', 'famousSchool', 'virtualSimulation']);
  });

  it('visitors: no management; virtual simulation goes to login and back here', () => {
    expect(keys(visitor)).not.toContain('management');
    const vr = navItems(visitor, '/learn').find((i) => i.key === 'virtualSimulation');
    expect(vr?.to).toBe('/login?returnUrl=%2Flearn');
    expect(navItems(teacher, '/').find((i) => i.key === 'virtualSimulation')).toMatchObject({ sso: 'virtualSimulation' });
  });

  it('logged in, the user still loading: no entry that depends on who it is (no flash of the wrong menus)', () => {
    const pending: Viewer = { loggedIn: true, kind: 'pending' };
    expect(keys(pending)).toEqual(['home', 'learn', 'growth', 'famousSchool', 'virtualSimulation']);
  });

  it('the bureau’s other systems open by signed ticket when logged in (no link, so no bare user id), login first otherwise', () => {
    for (const viewer of [teacher, student]) {
      const external = navItems(viewer, '/').filter((i) => i.sso);
      expect(external.every((i) => i.href === undefined && i.to === undefined)).toBe(true);
    }
    expect(navItems(teacher, '/').filter((i) => i.sso).map((i) => i.sso)).toEqual(['smartGrowth', 'smartManagement', 'virtualSimulation']);
    expect(navItems(student, '/').filter((i) => i.sso).map((i) => i.sso)).toEqual(['smartGrowth', 'virtualSimulation']);
    expect(navItems(visitor, '/learn').find((i) => i.key === 'growth')).toMatchObject({ to: '/login?returnUrl=%2Flearn' });
    expect(navItems(visitor, '/learn').some((i) => i.sso)).toBe(false);
  });

  it('智慧管理 without an address: the back-office screen the viewer may use first, or no entry at all', () => {
    const admin: Viewer = { loggedIn: true, kind: 'other', backOffice: '/management/type=live' };
    expect(navItems(admin, '/').find((i) => i.key === 'management')).toEqual({ key: 'management', label: 'nav.management', to: '/management/type=live' });
    expect(keys({ loggedIn: true, kind: 'teacher' })).not.toContain('management');
    expect(keys({ loggedIn: true, kind: 'teacher', backOffice: null })).not.toContain('management');
    // With an address the bureau's system opens, for the back-office's users too; never for students.
    expect(navItems({ ...admin, managementSite: true }, '/').find((i) => i.key === 'management')).toMatchObject({ sso: 'smartManagement' });
    expect(keys({ loggedIn: true, kind: 'student', managementSite: true, backOffice: '/management/type=live' })).not.toContain('management');
  });

  it('only the first famous school is active', () => {
    const schools = navItems(visitor, '/').find((i) => i.key === 'famousSchool')?.children ?? [];
    expect(schools.map((s) => Boolean(s.comingSoon))).toEqual([false, true, true, true]);
  });
});
