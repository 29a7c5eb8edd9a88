/**
 * A bureau page on another origin embeds `<ds-login>` with one script tag and one element. The page's
 * origin is in ALLOWED_ORIGINS; the same page under an origin that is not gets no token. Another page
 * of the bureau embeds `<ds-lesson-player>` for one lesson, for visitors without a login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bureauUrl } from './support/servers.js';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, baseUrl, launchBrowser, newPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('<ds-login> embedded in a bureau page', () => {
  it('logs a teacher in from another origin and hands the page a working token', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${bureauUrl()}/login.html`);
    await page.getByLabel('账号', { exact: true }).fill('teacher');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForFunction(() => document.body.dataset.token, undefined, { timeout: 20_000 });
    const token = await page.evaluate(() => document.body.dataset.token!);
    expect(Number(await page.evaluate(() => document.body.dataset.expire))).toBeGreaterThan(0);

    const current = await (await fetch(`${baseUrl()}/base/v1/user/current`, { headers: { authorization: token } })).json();
    expect(current.status).toBe(200);
    expect(current.data.identityCode).toBe(5);
    await context.close();
  });

  it('shows the server message for a wrong password and reports the failure code to the page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${bureauUrl()}/login.html`);
    await page.getByLabel('账号', { exact: true }).fill('teacher');
    await page.getByLabel('密码', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.failure), { timeout: 20_000 }).toBe('4200001');
    await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('gets no token on an origin that is not allowed to call the platform', async () => {
    const { context, page } = await newPage(browser);
    // Same page, same port, but `localhost` is another origin than `127.0.0.1` and is not allowed.
    await page.goto(`${bureauUrl().replace('127.0.0.1', 'localhost')}/login.html`);
    await page.getByLabel('账号', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByLabel('账号', { exact: true }).fill('teacher');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.failure ?? null), { timeout: 20_000 }).not.toBeNull();
    expect(await page.evaluate(() => document.body.dataset.token ?? null)).toBeNull();
    await context.close();
  });
});

describe('<ds-lesson-player> embedded in a bureau page', () => {
  it('plays one published lesson for a visitor, from the standalone bundle, and tells the page', async () => {
    const list = await (
      await fetch(`${baseUrl()}/cloudSchool/v1/cloudLesson/getOnDemandLessonPage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pageNum: 1, pageSize: 1 }),
      })
    ).json();
    const lesson = list.data.rows[0];
    const { context, page } = await newPage(browser);
    // A slow line: the player's video part (Plyr) arrives only after the visitor has pressed play.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/chunks\/plyrBundle-[^/]*\.js/, async (route) => {
      await held;
      await route.continue();
    });
    // The video's bytes (a progressive file, or an HLS ladder's playlists and segments once the lesson is
    // transcoded, which hls.js then plays from a blob: address of the page's own origin) come from the platform.
    const media: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http')) return;
      if (request.resourceType() === 'media' || /\.(mp4|m3u8|ts|m4s)(\?|$)/.test(new URL(request.url()).pathname)) media.push(request.url());
    });
    await page.goto(`${bureauUrl()}/player.html?lesson=${lesson.lessonId}`);
    // The cover names the video it plays (a lesson's first video may have a title of its own).
    const play = page.getByRole('button', { name: /^播放《.+》$/ });
    await play.waitFor({ timeout: 20_000 });
    await play.click();
    release();
    // Plyr's video: a lesson without a cover also shows its poster frame as a <video> (seeked to 1 s).
    await expect.poll(() => page.evaluate(() => document.querySelector('ds-lesson-player')?.shadowRoot?.querySelector<HTMLVideoElement>('.plyr video')?.currentTime ?? 0), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await expect.poll(() => page.evaluate(() => document.body.dataset.played)).toBe('yes');
    expect(media.length).toBeGreaterThan(0);
    expect(media.map((url) => new URL(url).origin)).toEqual(media.map(() => new URL(baseUrl()).origin));
    await context.close();
  });
});
