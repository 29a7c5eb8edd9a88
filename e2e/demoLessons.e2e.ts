import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleViolations, seriousViolations } from './support/axe';
import { baseUrl, launchBrowser, loginAs, newPage, open } from './support/browser';

interface Row {
  lessonId: string;
  title: string;
  liveState: string | null;
}

/** Public lesson lists (no token needed). */
async function lessonsWhere(kind: 'OnDemand' | 'Live', body: object): Promise<Row[]> {
  const res = await fetch(`${baseUrl()}/cloudSchool/v1/cloudLesson/get${kind}LessonPage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageSize: 50, ...body }),
  });
  const answer = (await res.json()) as { data: { rows: Row[] } };
  return answer.data.rows;
}

async function findLesson(keyword: string): Promise<Row> {
  const rows = [...(await lessonsWhere('OnDemand', { keyword })), ...(await lessonsWhere('Live', { keyword }))];
  const row = rows.find((r) => r.title.includes(keyword));
  if (!row) throw new Error(`no published demo lesson named ${keyword}`);
  return row;
}

const playerReady = (page: Page) => page.locator('.ds-player__cover').waitFor({ timeout: 30_000 });

describe('the demo lessons a newcomer opens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('plays a video about the lesson’s own title, its cover drawn from the title card, with captions of the narration', async () => {
    const lesson = await findLesson('北京的春节');
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    await open(page, `/course-detail/${lesson.lessonId}`);
    await page.getByRole('heading', { level: 1, name: lesson.title }).waitFor();
    await playerReady(page);
    expect(await page.locator('.ds-player__cover img').getAttribute('src')).toMatch(/\/static\/seed\/lesson-videos\/yw6b-beijingdechunjie\.jpg$/);
    expect(await page.locator('video source').first().getAttribute('src')).toMatch(/\/static\/seed\/lesson-videos\/yw6b-beijingdechunjie\.mp4$/);
    expect(await page.locator('video track').first().getAttribute('src')).toMatch(/yw6b-beijingdechunjie\.zh\.vtt$/);
    if (process.env.DEMO_LESSON_SHOT) await page.screenshot({ path: process.env.DEMO_LESSON_SHOT, fullPage: false });

    await page.locator('.ds-player__cover').click();
    // The captions are loaded and are the narration: the greeting naming the lesson, then its content.
    await expect
      .poll(() => page.evaluate(() => [...(document.querySelector('video')?.textTracks[0]?.cues ?? [])].map((c) => (c as VTTCue).text)), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['同学们好！这节课我们学习《北京的春节》。']));
    await context.close();
  });

  it('says a live lesson on air is live and that the video under it is its recording, not the live picture', async () => {
    const [living] = await lessonsWhere('Live', { liveState: 'living' });
    expect(living, 'the demo schedule always has a lesson on air').toBeDefined();
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    await open(page, `/course-detail/${living!.lessonId}`);
    const notice = page.locator('.ds-live-notice');
    await notice.waitFor();
    expect(await notice.getAttribute('data-live-state')).toBe('living');
    expect(await notice.innerText()).toMatch(/^直播中[\s\S]*录播视频，不是实时画面/);
    if (process.env.DEMO_LIVE_SHOT) await page.screenshot({ path: process.env.DEMO_LIVE_SHOT, fullPage: false });
    await context.close();
  });

  it('labels a finished live lesson as its replay, and an on-demand lesson carries no live notice', async () => {
    const [ended] = await lessonsWhere('Live', { liveState: 'ended' });
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    await open(page, `/course-detail/${ended!.lessonId}`);
    await page.locator('.ds-live-notice[data-live-state="ended"]').getByText('直播回放', { exact: true }).waitFor();
    const onDemand = await findLesson('登鹳雀楼').catch(async () => (await lessonsWhere('OnDemand', {}))[0]!);
    await open(page, `/course-detail/${onDemand.lessonId}`);
    await page.getByRole('heading', { level: 1, name: onDemand.title }).waitFor();
    await playerReady(page);
    expect(await page.locator('.ds-live-notice').count()).toBe(onDemand.liveState ? 1 : 0);
    await context.close();
  });

  it('names the subjects on lesson cards in English in English mode', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/learn');
    await page.locator('.ds-lesson-card:not(.ds-lesson-card--skeleton) .ds-subject-tag').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.ds-lesson-card:not(.ds-lesson-card--skeleton) .ds-subject-tag').first().innerText()).toMatch(/[\u4e00-\u9fff]/);
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('button', { name: 'Search' }).waitFor();
    await expect
      .poll(async () => (await page.locator('.ds-lesson-card:not(.ds-lesson-card--skeleton) .ds-subject-tag').allInnerTexts()).join(' '))
      .toMatch(/^[A-Za-z ]+$/);
    await page.getByRole('button', { name: /中文/ }).click();
    await context.close();
  });

  it('keeps the notice pages readable (no grey subtitle below 4.5:1) and lesson lists in heading order', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/no/such/screen');
    await page.getByRole('heading', { name: '暂无页面' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const subtitle = page.locator('.ds-placeholder-desc');
    expect(await subtitle.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgba(0, 0, 0, 0.45)');

    await open(page, '/learn');
    await page.locator('.ds-lesson-card:not(.ds-lesson-card--skeleton)').first().waitFor({ timeout: 20_000 });
    expect(await ruleViolations(page, ['heading-order'])).toEqual([]);
    await open(page, '/more-lessons/1');
    await page.locator('.ds-lesson-card:not(.ds-lesson-card--skeleton)').first().waitFor({ timeout: 20_000 });
    expect(await ruleViolations(page, ['heading-order'])).toEqual([]);
    await context.close();
  });
});
