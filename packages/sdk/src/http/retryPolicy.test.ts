import { describe, expect, it } from 'vitest';
import { createLoader } from '../config/loader.js';
import { Codes } from '../errors/catalogue.js';
import { HttpError } from '../errors/HttpError.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { CHUNK, createHarness, fileOf, randomFile } from '../upload/testing/uploaderHarness.js';

const failure = (httpStatus: number) => new HttpError(httpStatus, { path: '/x', httpStatus });

describe('one retry rule for every call', () => {
  it('retries no answer, 408, 429 and 5xx, never 501 or another refusal', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(failure(status).retryable, String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422, 501]) expect(failure(status).retryable, String(status)).toBe(false);
  });

  it('the config loader retries a 408 answer', async () => {
    const clock = createFakeClock();
    let calls = 0;
    const loader = createLoader({ clock, failureCode: Codes.CONFIG_LOAD_FAILED, fetch: async () => (++calls < 2 ? Promise.reject(failure(408)) : 'ok') });
    const ready = loader.ready();
    await clock.advance(100);
    await expect(ready).resolves.toBe('ok');
    expect(calls).toBe(2);
  });

  it('the uploader does not retry a 501 chunk answer', async () => {
    const { uploader, service, clock } = createHarness({ retryDelays: [5, 5, 5] });
    service.fail((request) => request.kind === 'block' && request.body.chunk === '0', { status: 501, body: { status: 501, message: '未实现' } }, 1);
    const { accepted } = uploader.add([randomFile(2 * CHUNK)]);
    await uploader.idle();
    expect(fileOf(uploader, accepted[0]!).status).toBe('failed');
    expect(clock.sleeps).toEqual([]);
  });
});
