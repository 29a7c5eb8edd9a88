import { describe, expect, it } from 'vitest';
import { navItems, type Viewer } from './navItems';

const links = { smartGrowth: 'https://growth.example/sso', smartManagement: 'https://office.example', virtualSimulation: 'https://vr.example' };
const keys = (viewer: Viewer) => navItems(viewer, links, '/main/type=new').map((i) => i.key);
const teacher: Viewer = { loggedIn: true, kind: 'teacher', userId: 't1' };
const student: Viewer = { loggedIn: true, kind: 'student', userId: 's1' };
const visitor: Viewer = { loggedIn: false, kind: 'other', userId: null };

describe('header entries (spec §2/§6)', () => {
  it('teachers: smart teaching, training and management, no assessment', () => {
    const items = navItems(teacher, links, '/');
    expect(items.find((i) => i.key === 'learn')?.label).toBe('nav.teach');
    expect(keys(teacher)).toEqual(['home', 'learn', 'growth', 'training', 'management', 'famousSchool', 'virtualSimulation']);
  });

  it('students: smart learning and assessment, no training, no management', () => {
    expect(navItems(student, links, '/').find((i) => i.key === 'learn')?.label).toBe('nav.learn');
    expect(keys(student)).toEqual(['home', 'learn', 'growth', 'assessment', 'famousSchool', 'virtualSimulation']);
  });

  it('visitors: no management; virtual simulation goes to login and back here', () => {
    expect(keys(visitor)).not.toContain('management');
    const vr = navItems(visitor, links, '/learn').find((i) => i.key === 'virtualSimulation');
    expect(vr?.to).toBe('/login?returnUrl=%2Flearn');
    expect(navItems(teacher, links, '/').find((i) => i.key === 'virtualSimulation')?.href).toBe(links.virtualSimulation);
  });

  it('logged in, the user still loading: no entry that depends on who it is (no flash of the wrong menus)', () => {
    const pending: Viewer = { loggedIn: true, kind: 'pending', userId: null };
    expect(keys(pending)).toEqual(['home', 'learn', 'growth', 'famousSchool', 'virtualSimulation']);
  });

  it('smart growth carries the user id; only the first famous school is active', () => {
    expect(navItems(teacher, links, '/').find((i) => i.key === 'growth')?.href).toBe('https://growth.example/sso?userId=t1');
    const schools = navItems(visitor, links, '/').find((i) => i.key === 'famousSchool')?.children ?? [];
    expect(schools.map((s) => Boolean(s.comingSoon))).toEqual([false, true, true, true]);
  });
});
