import { afterEach, describe, expect, it } from 'vitest';
import { clearRecentErrors, recordError } from '../http/recentErrors.js';
import { feedbackContext, redactUrl } from './feedbackContext.js';

afterEach(clearRecentErrors);

describe('feedbackContext', () => {
  it('hides secret query values in the search part and in a hash route, and user:password@', () => {
    expect(redactUrl('https://u:p@school.cn/app/?token=abc&lang=zh#/lesson?id=7&ticket=T1&accessToken=x')).toBe(
      'https://school.cn/app/?token=***&lang=zh#/lesson?id=7&ticket=***&accessToken=***',
    );
    expect(redactUrl('http://x/#/login?returnUrl=%2Fhelp&oldToken=zz')).toBe('http://x/#/login?returnUrl=%2Fhelp&oldToken=***');
  });

  it('carries page, role, browser and the recent errors, cut to the limits', () => {
    recordError({ code: 4220101, message: '反馈类型无效', url: '/cloudSchool/v1/feedback/save?x=token' }, Date.UTC(2026, 10, 24, 8));
    const context = feedbackContext('学生'.repeat(20), { href: () => 'http://school.cn/#/help?code=123', userAgent: () => 'UA'.repeat(200) });
    expect(context.page).toBe('http://school.cn/#/help?code=***');
    expect([...context.role]).toHaveLength(30);
    expect(context.browser).toHaveLength(300);
    expect(context.errors).toEqual([{ code: 4220101, message: '反馈类型无效', at: '2026-11-24T08:00:00.000Z', url: '/cloudSchool/v1/feedback/save' }]);
  });

  it('reads nothing from the browser in Node (no location, no navigator): empty strings', () => {
    const context = feedbackContext('教师');
    expect(context).toMatchObject({ role: '教师', errors: [] });
    expect(typeof context.page).toBe('string');
  });
});
