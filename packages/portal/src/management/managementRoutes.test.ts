import { describe, expect, it } from 'vitest';
import { rightsOf, type MgmtAccess } from './kit/access';
import { firstScreenFor } from './managementRoutes';

const rights = (...list: MgmtAccess[]) => new Set<MgmtAccess>(list);
const user = (...roleCodes: string[]) => ({ roleVOList: roleCodes.map((roleCode) => ({ roleCode })) }) as unknown as Parameters<typeof rightsOf>[0];

describe('the first back-office screen of a role (every way into /management leads there)', () => {
  it('administrators and researchers: 直播课管理; a reviewer alone: 作品审核; no right: none', () => {
    expect(firstScreenFor(rightsOf(user('CITY_BUREAU_ADMIN'), false))).toBe('/management/type=live');
    expect(firstScreenFor(rightsOf(user('SCHOOL_ADMIN'), true))).toBe('/management/type=live');
    expect(firstScreenFor(rightsOf(user('CITY_BUREAU_RESEARCHER'), false))).toBe('/management/type=live');
    expect(firstScreenFor(rightsOf(user('TEACHER'), true))).toBe('/management/type=zuopinsh');
    expect(firstScreenFor(rightsOf(user('TEACHER'), false))).toBeNull();
    expect(firstScreenFor(rightsOf(null, false))).toBeNull();
  });

  it('作品评审: the first of the reviewers’ screens, only for a reviewer', () => {
    expect(firstScreenFor(rights('read', 'write', 'audit'), 'audit')).toBe('/management/type=zuopinsh');
    expect(firstScreenFor(rights('read', 'write', 'city'), 'audit')).toBeNull();
  });
});
