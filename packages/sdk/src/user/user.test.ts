import { describe, expect, it } from 'vitest';
import { Codes } from '../errors/catalogue.js';
import { createHttpClient } from '../http/client.js';
import { createSession } from '../session/session.js';
import { createMemoryStorage } from '../session/storage.js';
import { createFakeServer, fail, ok } from '../testing/fakeServer.js';
import type { Notice } from '../util/notice.js';
import { adminInfoOf, canSeeManagement, researcherInfoOf } from './roles.js';
import type { CurrentUser } from './types.js';
import { createUserService } from './userService.js';

const CURRENT = '/base/v1/user/current';
const AUDIT = '/cloudSchool/v1/activityAuditPerson/isAuditPerson';

const teacher = (extra: Partial<CurrentUser> = {}): CurrentUser => ({
  identityCode: 5,
  baseUserId: 'u-1',
  userName: '王老师',
  bureauName: '长春市第一实验小学',
  topOrgId: 900,
  roleVOList: [],
  ...extra,
});

function setup(token: string | null = 'tok') {
  const server = createFakeServer();
  const storage = createMemoryStorage(token ? { token } : {});
  const session = createSession({ storage, refresh: async () => ({}) });
  const http = createHttpClient({ adapter: server.adapter, gate: session });
  const notices: Notice[] = [];
  const user = createUserService({ http, session, notify: (n) => notices.push(n) });
  return { server, session, user, notices };
}

describe('role derivation', () => {
  it('sorts levels ascending and takes the lowest as the top level', () => {
    const admin = adminInfoOf(
      teacher({
        roleVOList: [
          { roleCode: 'SCHOOL_ADMIN', level: 3 },
          { roleCode: 'CITY_BUREAU_ADMIN', level: '1' },
          { roleCode: 'DISTRICT_BUREAU_ADMIN', level: 2 },
          { roleCode: 'RESEARCHER', level: 0 },
        ],
      }),
    );
    expect(admin).toEqual({ isAdmin: true, adminLevel: [1, 2, 3], adminTopLevel: 1 });
  });

  it('defaults to top level 4 for admins and 3 for researchers', () => {
    expect(adminInfoOf(teacher())).toEqual({ isAdmin: false, adminLevel: [], adminTopLevel: 4 });
    expect(researcherInfoOf(teacher({ roleVOList: [{ roleCode: 'RESEARCHER' }] }))).toEqual({
      isResearcher: true,
      researcherLevel: [],
      researcherTopLevel: 3,
    });
    expect(researcherInfoOf(null).researcherTopLevel).toBe(3);
  });

  it('shows management to administrators, researchers, CC_YXGLY and audit persons only', () => {
    expect(canSeeManagement(teacher({ roleVOList: [{ roleCode: 'CC_YXGLY' }] }))).toBe(true);
    expect(canSeeManagement(teacher({ roleVOList: [{ roleCode: 'CITY_BUREAU_RESEARCHER', level: 1 }] }))).toBe(true);
    // Districts and schools run their own subtree in this back-office (docs/roles.md).
    expect(canSeeManagement(teacher({ roleVOList: [{ roleCode: 'SCHOOL_ADMIN', level: 3 }] }))).toBe(true);
    expect(canSeeManagement(teacher({ roleVOList: [{ roleCode: 'HEAD_TEACHER', level: 4 }] }))).toBe(false);
    expect(canSeeManagement(teacher())).toBe(false);
    expect(canSeeManagement(teacher(), true)).toBe(true);
    expect(canSeeManagement(null, true)).toBe(false);
  });
});

describe('user service', () => {
  it('loads the current user, fills the short name and derives the role info', async () => {
    const { server, user } = setup();
    server.on('GET', CURRENT, () => ok(teacher({ roleVOList: [{ roleCode: 'HEAD_TEACHER' }] })));
    const loaded = await user.load();
    expect(loaded.simplifiedSpelling).toBe('长春市第一实验小学');
    expect(user.getState()).toMatchObject({
      status: 'ready',
      isTeacher: true,
      isStudent: false,
      classTeacherInfo: { isClassTeacher: true },
      teachingDirectorInfo: { isTeachingDirector: false },
    });
    expect(server.requests[0]?.headers.Authorization).toBe('tok');
  });

  it('freezes the loaded user: a write throws', async () => {
    const { server, user } = setup();
    server.on('GET', CURRENT, () => ok(teacher({ roleVOList: [{ roleCode: 'SCHOOL_ADMIN', level: 3 }] })));
    const loaded = await user.load();
    expect(() => {
      (loaded as CurrentUser).userName = '冒名者';
    }).toThrow(TypeError);
    expect(() => {
      loaded.roleVOList?.push({ roleCode: 'CITY_BUREAU_ADMIN', level: 1 });
    }).toThrow(TypeError);
    expect(user.getState().user?.userName).toBe('王老师');
  });

  it('fails with 无法获取登录用户信息 and a notice', async () => {
    const { server, user, notices } = setup();
    server.on('GET', CURRENT, () => fail(Codes.SERVER_ERROR));
    await expect(user.load()).rejects.toMatchObject({ code: 5000013, message: '无法获取登录用户信息' });
    expect(user.getState().status).toBe('failed');
    expect(notices.map((n) => n.message)).toEqual(['无法获取登录用户信息']);
  });

  it('asks whether the user is an audit person only with a token', async () => {
    const anonymous = setup(null);
    await expect(anonymous.user.isAuditPerson()).resolves.toBe(false);
    expect(anonymous.server.requests).toHaveLength(0);

    const { server, user } = setup();
    server.on('GET', CURRENT, () => ok(teacher())).on('GET', AUDIT, () => ok({ isAuditPerson: true }));
    await user.load();
    expect(user.getState().canSeeManagement).toBe(false);
    await expect(user.isAuditPerson()).resolves.toBe(true);
    expect(user.getState()).toMatchObject({ isAuditPerson: true, canSeeManagement: true });
  });

  it('forgets the user on logout and on a new login, not on a refresh', async () => {
    const { server, session, user } = setup();
    server.on('GET', CURRENT, () => ok(teacher()));
    await user.load();
    session.logout();
    expect(user.getState()).toMatchObject({ status: 'idle', user: null });
    await user.load();
    session.setLogin({ token: 'other', expire: 60 });
    expect(user.getState().user).toBeNull();
  });
});
