import { HttpError } from '@dscloud/sdk/errors';
import { describe, expect, it } from 'vitest';
import { refusalOf } from './saveOutcome';

const refused = (code: number, data: unknown, message = '服务器的话') =>
  new HttpError(code, { path: '/x', httpStatus: code === 409 ? 409 : 400, envelope: { status: code, message, data }, message });

describe('how a refused save is shown', () => {
  it('offers the current activity of a stale version', () => {
    const current = { activityId: 'a1', version: 7, name: '新名字' };
    expect(refusalOf(refused(409, { current }))).toEqual({ kind: 'stale', current });
  });

  it('keeps a conflict without the current activity (an illegal transition) as the server’s words', () => {
    expect(refusalOf(refused(409, null, '草稿状态的活动不能撤回'))).toEqual({ kind: 'other', message: '草稿状态的活动不能撤回（409）' });
  });

  it('lands a refusal that names a parameter under its field', () => {
    expect(refusalOf(refused(4200005, { field: 'scope[0].subjectCode' }, '学科不存在'))).toEqual({ kind: 'field', field: 'scope[0].subjectCode', message: '学科不存在' });
  });
});
