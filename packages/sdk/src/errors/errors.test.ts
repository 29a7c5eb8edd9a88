import { describe, expect, it } from 'vitest';
import { catalogue, Codes, httpStatusFor } from './catalogue.js';
import { DsError, isDsError, toDsError } from './DsError.js';
import { HttpError } from './HttpError.js';

describe('error catalogue', () => {
  it('has a Chinese and an English message for every code, and every named code is in the table', () => {
    for (const [code, entry] of Object.entries(catalogue)) {
      expect(entry['zh-CN'], `zh-CN for ${code}`).toMatch(/[\u4e00-\u9fff]/);
      expect(entry.en, `en for ${code}`).toMatch(/\w/);
      expect(entry.en, `en for ${code}`).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/);
      expect(entry.http).toBeGreaterThanOrEqual(200);
    }
    for (const [name, code] of Object.entries(Codes)) {
      expect(catalogue[code], name).toBeDefined();
    }
  });

  it('maps business codes onto their HTTP class', () => {
    expect(httpStatusFor(Codes.TOKEN_EXPIRED)).toBe(401);
    expect(httpStatusFor(4039999)).toBe(403);
    expect(httpStatusFor(Codes.UNSUPPORTED_FILE_TYPE)).toBe(415);
  });
});

describe('DsError', () => {
  it('speaks the chosen locale and keeps both messages', () => {
    const error = new DsError(Codes.USER_INFO_LOAD_FAILED, { locale: 'en' });
    expect(error.message).toBe('Cannot fetch the logged-in user information');
    expect(error.localizedMessage('zh-CN')).toBe('无法获取登录用户信息');
    expect(error.known).toBe(true);
  });

  it('wraps foreign errors with a cause and recognises its family', () => {
    const cause = new TypeError('boom');
    const error = toDsError(cause);
    expect(error.code).toBe(5000001);
    expect(error.cause).toBe(cause);
    expect(isDsError(error)).toBe(true);
    expect(isDsError(cause)).toBe(false);
    expect(toDsError(error)).toBe(error);
  });

  it('HttpError is a DsError that knows its call', () => {
    const error = new HttpError(Codes.NETWORK_UNAVAILABLE, { path: '/base/v1/user/current', httpStatus: 0 });
    expect(error).toBeInstanceOf(DsError);
    expect(error.retryable).toBe(true);
    expect(new HttpError(Codes.FORBIDDEN, { path: '/x' }).retryable).toBe(false);
  });
});
