import { describe, expect, it } from 'vitest';
import { noticeText } from './noticeBridge';

describe('what a failed call’s notice says', () => {
  it('the message with a business code, never a bare HTTP status', () => {
    expect(noticeText({ message: '用户已被禁用', status: 4030001 })).toBe('用户已被禁用（4030001）');
    expect(noticeText({ message: '不在您的管理范围内', status: 403 })).toBe('不在您的管理范围内');
    expect(noticeText({ message: '服务器内部错误', status: 500 })).toBe('服务器内部错误');
    expect(noticeText({ message: '登录已过期，请重新登录' })).toBe('登录已过期，请重新登录');
  });
});
