import { describe, expect, it } from 'vitest';
import { catalogue } from '../errors/catalogue.js';
import { helpArticleProblem } from './articleRules.js';
import { applyStatusProblem, feedbackProblem, FEEDBACK_CONTENT_MAX, replyProblem } from './feedbackRules.js';

const good = { type: 'bug', content: '上传视频到 99% 就不动了', contact: '13800000000', screenshotFileIds: ['101', '102'] };
const context = { page: 'http://x/#/lesson', role: '学生', browser: 'Chrome', errors: [{ code: 500, message: '服务器内部错误', at: '2026-11-24T08:00:00.000Z', url: '/cloudSchool/v1/x' }] };

describe('feedbackProblem', () => {
  it('accepts a complete feedback, with or without context', () => {
    expect(feedbackProblem(good)).toBeUndefined();
    expect(feedbackProblem({ ...good, context })).toBeUndefined();
    expect(feedbackProblem({ type: 'other', content: '好' })).toBeUndefined();
  });

  it.each([
    [{ ...good, type: 'praise' }, 'type', 4220101],
    [{ ...good, content: '   ' }, 'content', 4220102],
    [{ ...good, content: undefined }, 'content', 4220102],
    [{ ...good, content: '字'.repeat(FEEDBACK_CONTENT_MAX + 1) }, 'content', 4220102],
    [{ ...good, contact: 'x'.repeat(51) }, 'contact', 4220103],
    [{ ...good, screenshotFileIds: ['1', '2', '3', '4'] }, 'screenshotFileIds', 4220104],
    [{ ...good, screenshotFileIds: ['1', '../etc'] }, 'screenshotFileIds[1]', 4220104],
    [{ ...good, screenshotFileIds: ['1', '1'] }, 'screenshotFileIds', 4220104],
    [{ ...good, context: { ...context, page: 'p'.repeat(501) } }, 'context.page', 4220105],
    [{ ...good, context: { ...context, role: 'r'.repeat(31) } }, 'context.role', 4220105],
    [{ ...good, context: { ...context, errors: Array(11).fill(context.errors[0]) } }, 'context.errors', 4220105],
    [{ ...good, context: { ...context, errors: [{ ...context.errors[0], at: 'yesterday' }] } }, 'context.errors[0].at', 4220105],
  ])('refuses %#: names the field in Chinese with its catalogue code', (input, field, code) => {
    const found = feedbackProblem(input);
    expect(found).toMatchObject({ field, code });
    expect(found!.message).toContain(field);
    expect(found!.message).toMatch(/[\u4e00-\u9fff]/);
    expect(catalogue[code]).toBeDefined();
  });

  it('counts characters as people do: 1000 emoji fit, 1001 do not', () => {
    expect(feedbackProblem({ ...good, content: '😀'.repeat(1000) })).toBeUndefined();
    expect(feedbackProblem({ ...good, content: '😀'.repeat(1001) })?.field).toBe('content');
  });
});

describe('reply, status and article rules', () => {
  it('refuses an empty or long reply and an unknown status', () => {
    expect(replyProblem('已修复，请刷新页面')).toBeUndefined();
    expect(replyProblem('')).toMatchObject({ field: 'reply', code: 4220106 });
    expect(replyProblem('a'.repeat(1001))).toMatchObject({ field: 'reply', code: 4220106 });
    expect(applyStatusProblem(2)).toBeUndefined();
    expect(applyStatusProblem(3)).toMatchObject({ field: 'applyStatus', code: 4220107 });
    expect(applyStatusProblem('1')).toMatchObject({ field: 'applyStatus' });
  });

  it('checks an article field by field', () => {
    const article = { topic: '登录', title: '忘记密码怎么办', body: '<p>联系学校管理员重置。</p>' };
    expect(helpArticleProblem(article)).toBeUndefined();
    expect(helpArticleProblem({ ...article, title: '' })).toMatchObject({ field: 'title', code: 4220108 });
    expect(helpArticleProblem({ ...article, videoUrl: 'javascript:alert(1)' })).toMatchObject({ field: 'videoUrl' });
    expect(helpArticleProblem({ ...article, videoUrl: '/static/help/login.mp4' })).toBeUndefined();
    expect(helpArticleProblem({ ...article, sort: -1 })).toMatchObject({ field: 'sort' });
  });
});
