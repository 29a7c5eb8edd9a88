import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './returnUrl';

const origin = 'https://school.example';

describe('safeReturnUrl', () => {
  it('keeps routes of the portal, encoded or not', () => {
    expect(safeReturnUrl('/learn', origin)).toBe('/learn');
    expect(safeReturnUrl('%2Fmanagement%2Ftype%3Dtag', origin)).toBe('/management/type=tag');
    expect(safeReturnUrl('#/my-notes?x=1', origin)).toBe('/my-notes?x=1');
    expect(safeReturnUrl('/search?keyword=古诗', origin)).toBe('/search?keyword=古诗');
  });

  it('reduces a full address of this portal to its hash route', () => {
    expect(safeReturnUrl('https://school.example/#/course-detail/7/', origin)).toBe('/course-detail/7/');
  });

  it('refuses other sites, protocol-relative and script addresses', () => {
    for (const bad of [
      'https://evil.example/#/learn',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '%2F%2Fevil.example',
      '/.//evil.example',
      '/x/..//evil.example',
      '/%2e//evil.example',
      '%2F.%2F%2Fevil.example',
      '#/.//evil.example',
      'learn',
      '',
      null,
    ]) {
      expect(safeReturnUrl(bad, origin)).toBe('/');
    }
  });

  it('never returns to the login page itself', () => {
    expect(safeReturnUrl('/login?returnUrl=%2Flearn', origin)).toBe('/');
  });
});
