import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@dscloud/sdk/user';
import { counterText, feedbackInputOf, problemOf, roleLabel } from './feedbackForm';

const context = { page: 'http://x/#/help', role: '学生', browser: 'UA', errors: [] };

describe('feedback form', () => {
  it('sends the context only when the user agreed, and leaves an empty contact out', () => {
    expect(feedbackInputOf({ type: 'bug', content: '  打不开  ', contact: ' ' }, [], null)).toEqual({ type: 'bug', content: '打不开' });
    expect(feedbackInputOf({ type: 'bug', content: '打不开', contact: '138' }, ['101'], context)).toEqual({
      type: 'bug',
      content: '打不开',
      contact: '138',
      screenshotFileIds: ['101'],
      context,
    });
  });

  it('checks with the server’s rule before sending', () => {
    expect(problemOf({ type: 'bug', content: '' })?.field).toBe('content');
    expect(problemOf({ type: 'bug', content: 'ok' })).toBeUndefined();
  });

  it('names the role and counts characters as the server does', () => {
    const student = { identityCode: 6, baseUserId: 1, userName: '李子涵', roleVOList: [{ roleCode: 'STUDENT' }] } as unknown as CurrentUser;
    expect(roleLabel(student, 'zh-CN')).toBe('学生');
    expect(roleLabel({ ...student, roleVOList: [] }, 'en')).toBe('Student');
    expect(roleLabel(null, 'zh-CN')).toBe('');
    expect(counterText('😀好', 1000)).toBe('2 / 1000');
  });
});
