import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { freshIp, solveCaptcha, useHarness } from './harness.js';

const h = useHarness();

const png = (dataUrl: string) => PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));

async function failTwice(username: string) {
  for (let i = 0; i < 2; i++) {
    const answer = await h.login(username, 'Wrong#password');
    expect(answer.status).toBe(4200001);
  }
}

describe('slider captcha', () => {
  it('draws a 310×155 background and a 50×50 piece with transparent corners', async () => {
    const answer = await h.call('GET', '/cas/captcha?username=teacher');
    expect(answer.status).toBe(200);
    const bg = png(answer.data.background);
    const piece = png(answer.data.piece);
    expect([bg.width, bg.height, piece.width, piece.height]).toEqual([310, 155, 50, 50]);
    expect(piece.data[3]).toBe(0); // top-left corner lies outside the jigsaw shape
    expect(piece.data[(30 * 50 + 10) * 4 + 3]).toBe(255);
    expect(answer.data.pieceY).toBeGreaterThanOrEqual(0);
    const other = await h.call('GET', '/cas/captcha?username=teacher');
    expect(other.data.background).not.toBe(answer.data.background);
  });

  it('needs a user name for a puzzle', async () => {
    const answer = await h.call('GET', '/cas/captcha?username=%20');
    expect(answer.status).toBe(4200003);
  });

  it('is required after two failures, then the right answer lets the user in', async () => {
    await failTwice('parent');
    const blocked = await h.login('parent');
    expect(blocked.http).toBe(400);
    expect(blocked.status).toBe(4200006);
    const captchaToken = await solveCaptcha(h, 'parent');
    const allowed = await h.login('parent', undefined, freshIp(), { captchaToken });
    expect(allowed.status).toBe(200);
    // Success resets the counter: the next login needs no captcha.
    expect((await h.login('parent')).status).toBe(200);
  });

  it('kills the puzzle on a wrong position', async () => {
    const puzzle = await h.call('GET', '/cas/captcha?username=student');
    const [row] = await h.query<{ answer_x: number }>('SELECT answer_x FROM captchas WHERE id = $1', [puzzle.data.captchaId]);
    const wrong = await h.call('POST', '/cas/captcha/verify', { body: { captchaId: puzzle.data.captchaId, x: Number(row!.answer_x) + 20 } });
    expect(wrong.status).toBe(4200007);
    expect(wrong.message).toBe('验证失败，请重试');
    const retry = await h.call('POST', '/cas/captcha/verify', { body: { captchaId: puzzle.data.captchaId, x: Number(row!.answer_x) } });
    expect(retry.status).toBe(4200007);
  });

  it('accepts ±6 px and refuses 7 px', async () => {
    for (const [delta, expected] of [[-6, 200], [6, 200], [7, 4200007], [-7, 4200007]] as const) {
      const puzzle = await h.call('GET', '/cas/captcha?username=student');
      const [row] = await h.query<{ answer_x: number }>('SELECT answer_x FROM captchas WHERE id = $1', [puzzle.data.captchaId]);
      const answer = await h.call('POST', '/cas/captcha/verify', { body: { captchaId: puzzle.data.captchaId, x: Number(row!.answer_x) + delta } });
      expect(answer.status).toBe(expected);
    }
  });

  it('names the missing field when verify lacks x', async () => {
    const answer = await h.call('POST', '/cas/captcha/verify', { body: { captchaId: '00000000-0000-0000-0000-000000000000' } });
    expect(answer.http).toBe(400);
    expect(answer.status).toBe(4200005);
    expect(answer.message).toBe('缺少参数：x');
  });

  it('makes the captcha token single-use and bound to its account', async () => {
    await failTwice('researcher');
    await failTwice('auditor');
    const token = await solveCaptcha(h, 'researcher');
    const foreign = await h.login('auditor', undefined, freshIp(), { captchaToken: token });
    expect(foreign.status).toBe(4200006);
    const first = await h.login('researcher', 'Wrong#again', freshIp(), { captchaToken: token });
    expect(first.status).toBe(4200001);
    const reuse = await h.login('researcher', undefined, freshIp(), { captchaToken: token });
    expect(reuse.status).toBe(4200006);
  });
});
