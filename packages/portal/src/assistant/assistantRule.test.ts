import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@dscloud/sdk/user';
import { assistantVisible } from './assistantRule';

const teacher: CurrentUser = {
  identityCode: 5,
  baseUserId: 'u1',
  userName: '李老师',
  bureauId: 'school-1',
  districtId: 'district-1',
  parentOrgId: 'district-1',
  topOrgId: 'city-1',
};

describe('who sees the AI assistant', () => {
  it('shows it to a logged-in user whose unit, district or city is the configured bureau', () => {
    for (const bureauId of ['school-1', 'district-1', 'city-1', ' city-1 ']) {
      expect(assistantVisible({ loggedIn: true, user: teacher, bureauId }), bureauId).toBe(true);
    }
    // Bureau staff: their unit is the bureau itself (numbers as some servers send them).
    expect(assistantVisible({ loggedIn: true, user: { identityCode: 1, baseUserId: 9, userName: '管理员', bureauId: 77, topOrgId: 77 }, bureauId: '77' })).toBe(true);
  });

  it('hides it from visitors, users of other bureaus, before the user is loaded, and when no bureau is configured', () => {
    expect(assistantVisible({ loggedIn: false, user: teacher, bureauId: 'city-1' })).toBe(false);
    expect(assistantVisible({ loggedIn: true, user: null, bureauId: 'city-1' })).toBe(false);
    expect(assistantVisible({ loggedIn: true, user: teacher, bureauId: 'city-2' })).toBe(false);
    expect(assistantVisible({ loggedIn: true, user: teacher, bureauId: '' })).toBe(false);
    expect(assistantVisible({ loggedIn: true, user: { ...teacher, topOrgId: undefined, districtId: undefined, parentOrgId: undefined }, bureauId: 'city-1' })).toBe(false);
  });
});
