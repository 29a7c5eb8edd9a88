/**
 * A phone video through the whole platform (docs/video.md): a teacher uploads an iPhone-like 1080p
 * HEVC `.mov` through 上传课程, 我的课程 shows the server transcoding it (视频处理) until 已完成 without a
 * reload, an administrator publishes the lesson in 点播课管理, and a student watches it as HLS through
 * hls.js: the quality menu lists the four rungs, 标清 turns the picture to 540 lines, the progress bar
 * shows seek previews from the sprite, a click on it seeks; on a 1.5 Mbit/s line 自动 keeps to a rung
 * that fits and plays to the end without stalling.
 *
 * The clip is 12 s, not the minute a phone recording would be: x265 to make it and the server's
 * four-rung ladder to transcode it are the costliest CPU of the end-to-end suite, whose budget (with
 * every other suite) is 20 minutes on 2 cores (docs/testing.md). 12 s still makes two 6 s segments
 * per rung, so hls.js chooses a rung again after the first one. The content is new on every run (a
 * random comment in the file), so the upload is really sent and really transcoded, never 秒传.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser, loginAs, newPage, open, openUserMenu } from './support/browser';
import { fillCurriculum } from './support/lessonForm';

const FFMPEG = path.resolve(import.meta.dirname, '../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
const SECONDS = 12;

let browser: Browser;
let folder: string;
let clip: string;
const title = `手机视频 ${Date.now().toString(36)}`;
let lessonId = '';

/**
 * 12 s of ffmpeg's test picture at 1080p with a tone, as an iPhone writes it: HEVC tagged `hvc1`
 * in a QuickTime `.mov`, AAC audio. 15 frames a second, half a phone's: x265 to make it and the
 * ladder to transcode it cost half as much, and nothing here depends on the rate. The packaged ffmpeg is a static binary: it runs with GCONV_PATH
 * pointing nowhere, as the server runs it (toolEnv in packages/server/src/video/ffmpegBinary.ts).
 */
function makeClip(file: string): Promise<void> {
  const args = [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=15',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(SECONDS),
    '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k',
    '-metadata', `comment=ds-e2e ${randomBytes(12).toString('hex')}`,
    '-shortest', file,
  ];
  return new Promise((resolve, reject) =>
    execFile(FFMPEG, args, { env: { ...process.env, GCONV_PATH: '/nonexistent/ds-no-gconv' }, timeout: 240_000 }, (error, _out, stderr) =>
      error ? reject(new Error(`ffmpeg could not make the clip: ${error.message}\n${String(stderr)}`)) : resolve(),
    ),
  );
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'ds-hls-e2e-'));
  clip = path.join(folder, `IMG_${Date.now() % 10_000}.mov`);
  const started = Date.now();
  [browser] = await Promise.all([launchBrowser(), makeClip(clip)]);
  console.log(`[e2e] 12 s 1080p HEVC clip made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
afterAll(async () => {
  await browser?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});


const PLAYER = '.ds-detail-player';
const VIDEO = `${PLAYER} .plyr video`;
/** A request of the lesson's HLS rendition: `/file/v1/file/media/<id>/hls/<expiry>/<signature>/<name>`. */
const HLS_PATH = /^\/file\/v1\/file\/media\/[^/]+\/hls\/\d+\/[^/]+\/(.+)$/;

interface MediaEvent {
  type: string;
  /** The video's position and picture height when the event fired. */
  time: number;
  height: number;
}

/**
 * Records the media events of every video in the page, from now on: a capturing listener on the
 * document hears them although they do not bubble, whichever `<video>` Plyr puts in place.
 */
function recordMediaEvents(page: Page): Promise<void> {
  return page.evaluate(() => {
    const log: { type: string; time: number; height: number }[] = [];
    (window as unknown as { dsMediaEvents: typeof log }).dsMediaEvents = log;
    for (const type of ['playing', 'waiting', 'seeked', 'resize', 'ended']) {
      document.addEventListener(
        type,
        (event) => {
          if (event.target instanceof HTMLVideoElement) log.push({ type, time: event.target.currentTime, height: event.target.videoHeight });
        },
        true,
      );
    }
  });
}
const mediaEvents = (page: Page): Promise<MediaEvent[]> => page.evaluate(() => (window as unknown as { dsMediaEvents: MediaEvent[] }).dsMediaEvents);
/** The events after the first frame played (the first `playing`). */
const afterFirstFrame = (events: MediaEvent[]) => events.slice(events.findIndex((e) => e.type === 'playing') + 1);

const videoState = (page: Page) =>
  page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    return video ? { time: video.currentTime, height: video.videoHeight, paused: video.paused, ended: video.ended, src: video.src } : null;
  }, VIDEO);

/** The HLS names (`master.m3u8`, `540p/index.m3u8`, `540p/s00000.ts`, `sprite-0.jpg` …) `page` asks for. */
function hlsRequestsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = HLS_PATH.exec(new URL(request.url()).pathname);
    if (match) names.push(match[1]!);
  });
  return names;
}

/**
 * A student (logged in: the portal is loaded) opens the lesson's page; the player is there with its
 * cover, the video muted.
 */
async function openLesson(page: Page): Promise<void> {
  await open(page, `/course-detail/${lessonId}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.locator(VIDEO).waitFor({ state: 'attached', timeout: 20_000 });
  // hls.js attached: the video reads a MediaSource (a blob: address), and the playlist's rungs are known.
  await expect.poll(async () => (await videoState(page))?.src ?? '', { timeout: 30_000, message: 'the video plays through hls.js' }).toMatch(/^blob:/);
  await page.evaluate((selector) => {
    document.querySelector<HTMLVideoElement>(selector)!.muted = true;
  }, VIDEO);
}

/**
 * Waits until the animations in `box` have ended: Plyr's settings menu pops up and resizes to each of
 * its panes. A click on an item still moving is retried by Playwright with another scroll alignment,
 * which may park the item under the portal's sticky header.
 */
const settled = (box: Locator) =>
  expect
    .poll(() => box.evaluate((element) => element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length), { message: 'the menu has settled' })
    .toBe(0);

/** A quality item's name with its badge, as the viewer reads it (`标清 540P`). */
const qualityLabels = (page: Page) =>
  page.locator(`${PLAYER} [data-plyr="quality"][role="menuitemradio"]`).evaluateAll((items) =>
    items.map((item) => {
      const badge = item.querySelector('.plyr__badge')?.textContent ?? '';
      const name = (item.textContent ?? '').replace(badge, '').replace(/\s+/g, ' ').trim();
      return badge ? `${name} ${badge}` : name;
    }),
  );

describe('a phone video from the teacher’s upload to a student’s adaptive stream', () => {
  it('the teacher uploads an HEVC .mov through 上传课程 and 我的课程 shows it transcoded, without a reload', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(browser);
    onTestFailed(() => page.screenshot({ path: '/tmp/hls-e2e-teacher-failed.png', fullPage: true }).then(() => undefined));
    await loginAs(page, 'teacher');
    await page.getByRole('link', { name: '智慧教学' }).click();
    await page.waitForURL(/#\/learn$/);
    await page.getByRole('link', { name: '上传课程' }).click();
    await page.waitForURL(/#\/my-lessons\/new$/);
    await page.getByRole('heading', { level: 1, name: '上传课程' }).waitFor();
    // The server transcodes: the form says so and takes a phone's .mov (not only H.264 MP4).
    await page.getByText(/支持 MP4、MOV、/).waitFor();
    await fillCurriculum(page, title);

    await page.locator('.ds-teach-uploader input[type="file"]').setInputFiles(clip);
    const name = path.basename(clip, '.mov');
    await expect.poll(() => page.getByLabel('第 1 个视频的标题').inputValue(), { timeout: 90_000, message: 'the upload became a video row' }).toBe(name);
    const save = page.locator('.ds-teach-actions button[type="submit"]');
    await expect.poll(() => save.innerText()).toBe('保存课程');
    await save.click();
    await page.waitForURL(/#\/course-detail\/[\w-]+$/, { timeout: 20_000 });
    lessonId = page.url().split('/course-detail/')[1]!;
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // 我的课程, reached through the menu (no page load): every 视频处理 state the row shows is recorded.
    await page.evaluate(() => {
      const seen: string[] = [];
      const at: number[] = [];
      Object.assign(window, { dsVideoStates: seen, dsVideoStatesAt: at, dsSamePage: true });
      const note = () => {
        for (const line of document.querySelectorAll('.ds-teach-video-state')) {
          const state = `${[...line.classList].find((c) => c.startsWith('ds-teach-video-state--'))?.slice(22) ?? '?'} ${line.querySelector('.ds-teach-video-state__label')?.textContent ?? ''}`;
          if (seen.at(-1) !== state) {
            seen.push(state);
            at.push(performance.now());
          }
        }
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
    });
    await openUserMenu(page);
    await page.getByRole('link', { name: '我的课程' }).click();
    await page.waitForURL(/#\/my-lessons$/);
    const row = page.locator('.ds-teach-table tr', { hasText: title });
    await row.waitFor();
    expect(await row.innerText()).toContain('未发布');
    // ffmpeg runs at nice 10 under everything else: on a loaded machine the ladder takes a while.
    await row.locator('.ds-teach-video-state--done', { hasText: '已完成' }).waitFor({ timeout: 180_000 });
    const { seen, at } = await page.evaluate(() => {
      const w = window as unknown as { dsVideoStates: string[]; dsVideoStatesAt: number[] };
      return { seen: w.dsVideoStates, at: w.dsVideoStatesAt };
    });
    console.log(`[e2e] 视频处理 as the teacher saw it: ${seen.map((state, i) => `${state} (+${((at[i]! - at[0]!) / 1000).toFixed(1)} s)`).join(' → ')}`);
    // The row showed the job on its way (排队中, or 转码中 N%), then 已完成, the page never loaded again.
    expect(seen.some((state) => /^queued 排队中$|^running 转码中 \d+%/.test(state)), seen.join(' → ')).toBe(true);
    expect(seen.at(-1)).toBe('done 已完成');
    expect(await page.evaluate(() => (window as unknown as { dsSamePage?: boolean }).dsSamePage)).toBe(true);
    await context.close();
  });

  it('an administrator publishes it in 点播课管理', async () => {
    expect(lessonId, 'the teacher’s lesson').not.toBe('');
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, `/management/type=broadcast?keyword=${encodeURIComponent(title)}`);
    await page.getByRole('heading', { level: 1, name: '点播课管理' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('未发布').waitFor({ timeout: 15_000 });
    await row.locator('.ds-teach-video-state--done', { hasText: '已完成' }).waitFor();
    await page.getByRole('group', { name: `《${title}》的操作` }).getByRole('button', { name: '发布', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '提示' });
    await dialog.getByText(`确定要发布《${title}》吗？`).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('操作成功').waitFor();
    await row.getByText('已发布').waitFor();
    await context.close();
  });

  it('a student plays it as HLS: the rungs in the quality menu, 标清 at 540 lines, seek previews and seeking', async () => {
    expect(lessonId, 'the published lesson').not.toBe('');
    const { context, page } = await newPage(browser);
    onTestFailed(() => page.screenshot({ path: '/tmp/hls-e2e-student-failed.png', fullPage: true }).then(() => undefined));
    const requests = hlsRequestsOf(page);
    const original: string[] = [];
    page.on('request', (request) => {
      // The file as uploaded (`/file/v1/file/media/<id>?e=…`): no Chromium here plays HEVC, and the stream replaces it.
      if (/^\/file\/v1\/file\/media\/[^/]+$/.test(new URL(request.url()).pathname)) original.push(request.url());
    });
    await loginAs(page, 'student');
    await openLesson(page);
    await recordMediaEvents(page);
    await page.getByRole('button', { name: /^播放《.+》$/ }).click();
    await expect.poll(async () => (await videoState(page))?.time ?? 0, { timeout: 30_000, message: 'the video plays' }).toBeGreaterThan(1);
    expect(requests).toContain('master.m3u8');
    expect(requests.some((name) => /^\d+p\/index\.m3u8$/.test(name)), requests.join(' ')).toBe(true);
    expect(requests.some((name) => /^\d+p\/s\d+\.ts$/.test(name)), requests.join(' ')).toBe(true);
    expect(original).toEqual([]);

    // Plyr's settings → 画质: 自动 and the four rungs, tallest first, 自动 chosen. The player's controls are
    // brought into the middle of the window first, clear of the sticky header. The gear is found by its
    // place: while its menu is open it has no name (below).
    const player = page.locator(PLAYER);
    await player.locator('.plyr').evaluate((plyr) => plyr.scrollIntoView({ block: 'center' }));
    await player.locator('.plyr').hover();
    const gear = player.locator('.plyr__menu > button[data-plyr="settings"]');
    const menu = player.locator('.plyr__menu__container');
    await gear.click();
    await menu.waitFor();
    await settled(menu);
    await player.getByRole('menuitem', { name: /^画质/ }).click();
    const sd = player.getByRole('menuitemradio', { name: /^标清/ });
    await sd.waitFor();
    await settled(menu);
    expect(await qualityLabels(page)).toEqual(['自动', '超清 1080P', '高清 720P', '标清 540P', '流畅 360P']);
    expect(await player.locator('[data-plyr="quality"][aria-checked="true"]').getAttribute('value')).toBe('0');
    await sd.click();
    expect(await player.locator('[data-plyr="quality"][aria-checked="true"]').getAttribute('value')).toBe('540');
    // The picture turns to 540 lines. The clip is 12 s: should it have ended meanwhile (a loaded
    // machine), the viewer presses play again, and it plays from the start at the chosen rung.
    const play = player.locator('.plyr__controls button[data-plyr="play"]');
    await expect
      .poll(async () => {
        const state = await videoState(page);
        if (state?.ended) await play.click();
        return state?.height;
      }, { timeout: 30_000, message: 'the 540p rung shows' })
      .toBe(540);
    expect(requests.some((name) => /^540p\/s\d+\.ts$/.test(name)), requests.join(' ')).toBe(true);

    // A seek preview over the middle of the progress bar: a thumbnail of the rendition's sprite.
    const progress = player.locator('.plyr__progress');
    const preview = player.locator('.plyr__preview-thumb--is-shown');
    await expect
      .poll(async () => {
        const box = (await progress.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2);
        await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 3 });
        return preview.isVisible();
      }, { message: 'the seek preview shows' })
      .toBe(true);
    const image = preview.locator('.plyr__preview-thumb__image-container img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(HLS_PATH.exec(new URL((await image.getAttribute('src'))!).pathname)?.[1]).toMatch(/^sprite-\d+\.jpg$/);

    // A click a quarter along the bar seeks to about 3 s, and the video plays on from there.
    const seek = player.locator('input[data-plyr="seek"]');
    const bar = (await seek.boundingBox())!;
    const seekedSoFar = (await mediaEvents(page)).filter((e) => e.type === 'seeked').length;
    await seek.click({ position: { x: bar.width * 0.25, y: bar.height / 2 } });
    await expect.poll(async () => (await mediaEvents(page)).filter((e) => e.type === 'seeked').length, { message: 'the click seeks' }).toBeGreaterThan(seekedSoFar);
    const target = (await mediaEvents(page)).filter((e) => e.type === 'seeked').at(-1)!.time;
    expect(target).toBeGreaterThan(SECONDS * 0.25 - 1);
    expect(target).toBeLessThan(SECONDS * 0.25 + 1);
    if ((await videoState(page))!.paused) await play.click();
    await expect.poll(async () => (await videoState(page))?.time ?? 0, { message: 'playing on after the seek' }).toBeGreaterThan(target + 1);
    await context.close();
  });

  it('on a 1.5 Mbit/s line 自动 keeps to a rung that fits and plays to the end without stalling', async () => {
    expect(lessonId, 'the published lesson').not.toBe('');
    const { context, page } = await newPage(browser);
    onTestFailed(() => page.screenshot({ path: '/tmp/hls-e2e-throttled-failed.png', fullPage: true }).then(() => undefined));
    const requests = hlsRequestsOf(page);
    await loginAs(page, 'student');
    // The portal is loaded; from now on the line is a school's 1.5 Mbit/s (the 540p rung of this picture
    // needs about 1.2 Mbit/s, 720p about 2.2). The lesson's page opens over it, within the loaded
    // portal: hls.js loads its first segments as soon as it is attached, before play is pressed.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 1.5e6 / 8, uploadThroughput: 1.5e6 / 8 });
    await openLesson(page);
    expect(await page.locator(`${PLAYER} [data-plyr="quality"][aria-checked="true"]`).getAttribute('value')).toBe('0');
    await recordMediaEvents(page);
    await page.getByRole('button', { name: /^播放《.+》$/ }).click();
    await expect.poll(async () => (await mediaEvents(page)).some((e) => e.type === 'ended'), { timeout: 90_000, message: 'played to the end' }).toBe(true);
    const events = await mediaEvents(page);
    const segments = requests.filter((name) => name.endsWith('.ts'));
    console.log(`[e2e] 1.5 Mbit/s: segments ${segments.join(' ')}; events ${events.map((e) => `${e.type}@${e.time.toFixed(1)}(${e.height})`).join(' ')}`);
    // The player resumes where this student stopped in the test before (about 4 s in); from the first
    // frame on, nothing stalls up to the end.
    const played = afterFirstFrame(events);
    expect(played.filter((e) => e.type === 'waiting'), 'no stall after the first frame').toEqual([]);
    // Every picture shown once playing is of a rung the line carries, and no taller rung was fetched.
    expect(segments.filter((name) => /^(720|1080)p\//.test(name))).toEqual([]);
    const heights = played.map((e) => e.height).filter((h) => h > 0);
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.max(...heights, (await videoState(page))!.height)).toBeLessThanOrEqual(540);
    expect(played.at(-1)!.time).toBeGreaterThan(SECONDS - 1);
    await context.close();
  });
});
