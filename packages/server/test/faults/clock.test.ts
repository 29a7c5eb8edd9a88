/**
 * Clock jumps for token expiry, on the test harness's clock (the server in this process, over real
 * HTTP, on the leg's database): a jump back keeps live sessions (no spurious sign-out), a jump past
 * the token lifetime ends them with 4010003 on every route that needs one (never 500), a jump of
 * years (a machine whose battery-backed clock was reset) too, and signing in again always works.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../harness.js';
import { record } from './faultRecord.js';
import { databaseLeg } from './serverProcess.js';

const h = useHarness();
const HOUR = 3_600_000;
const me = (token: string) => h.call('GET', '/base/v1/user/current', { token });
const status = (token: string) =>
  h.call('POST', '/file/v1/file/upload/status', { token, body: { fileMd5: 'a'.repeat(32), fileName: 'a.png', totalSize: 10, chunkSize: 10 } });

describe(`clock jumps (${databaseLeg})`, () => {
  it('keeps sessions through a jump back, ends them with 4010003 past their lifetime, and lets everyone sign in again', async (context) => {
    const rec = record(context, 'harness clock: −1 day, +1 day +2 h, +3 years');
    const steps: Array<[string, number, number]> = [];
    const check = async (what: string, token: string, expected: number) => {
      rec.runs++;
      const [a, b] = [await me(token), await status(token)];
      steps.push([what, a.status, b.status]);
      if (a.status !== expected || b.status !== expected) rec.failures++;
    };
    const token = await h.token('teacher');
    await check('fresh token', token, 200);
    h.advance(-24 * HOUR);
    await check('after the clock went back a day', token, 200);
    h.advance(24 * HOUR + 2 * HOUR + 60_000);
    await check('past its lifetime', token, 4010003);
    const again = await h.token('teacher');
    await check('signed in again', again, 200);
    h.advance(3 * 365 * 24 * HOUR);
    await check('after a jump of three years', again, 4010003);
    await check('signed in after the jump', await h.token('teacher'), 200);
    expect(steps.filter(([, a, b]) => a === 500 || b === 500)).toEqual([]);
    expect(rec.failures, JSON.stringify(steps)).toBe(0);
  });
});
