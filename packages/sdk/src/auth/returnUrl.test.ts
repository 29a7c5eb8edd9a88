import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readQuery, sanitizeReturnUrl } from './returnUrl.js';

const ORIGIN = 'https://school.example';

describe('returnUrl', () => {
  it.each([
    ['/#/my-notes', '/#/my-notes'],
    ['#/course-detail/9/', '/#/course-detail/9/'],
    ['https://school.example/#/main/type=new', '/#/main/type=new'],
    ['/management/type=live?x=1', '/management/type=live?x=1'],
  ])('keeps same-origin %s', (raw, expected) => {
    expect(sanitizeReturnUrl(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/#/main',
    '//evil.example/x',
    '/\\evil.example',
    'https://school.example.evil.example/',
    'https://school.example@evil.example/',
    'https://user:pass@school.example.evil.example/',
    '/.//evil.example',
    '/./..//evil.example/x',
    '/x/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/./\\evil.example',
    '\\\\evil.example',
    'http:evil.example',
    '',
    null,
  ])('refuses %s', (raw) => {
    expect(sanitizeReturnUrl(raw, ORIGIN)).toBe('/');
  });

  it('keeps a same-origin address whose dot segments stay on this origin', () => {
    expect(sanitizeReturnUrl('/a/./b/../c?x=1#/d', ORIGIN)).toBe('/a/c?x=1#/d');
    expect(sanitizeReturnUrl('https:/learn', ORIGIN)).toBe('/learn');
  });

  it('never yields anything but a path on this origin', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const safe = sanitizeReturnUrl(raw, ORIGIN);
        expect(safe.startsWith('/')).toBe(true);
        expect(safe.startsWith('//')).toBe(false);
        expect(new URL(safe, ORIGIN).origin).toBe(ORIGIN);
      }),
    );
  });

  it('reads query parameters from the hash route too', () => {
    const query = readQuery('https://school.example/?flag=1#/login?returnUrl=%2F%23%2Fmain&authorization=a');
    expect(query.get('flag')).toBe('1');
    expect(query.get('authorization')).toBe('a');
    expect(query.get('returnUrl')).toBe('/#/main');
  });
});
