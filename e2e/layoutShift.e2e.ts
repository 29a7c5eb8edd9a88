/**
 * Layout shift of the first screens a visitor opens (home, /learn, a lesson), measured in Chromium with
 * a `PerformanceObserver` of `layout-shift` entries (the sum of the shifts without recent input — the
 * page's cumulative layout shift while it loads). Deterministic: no timing, only what moved. The
 * budgets are a ratchet (docs/performance.md), lowered as space is reserved; the goal is 0.05.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, open } from './support/browser';
import { CLS_BUDGET } from './support/layoutBudget';

type Shifts = { __cls: number; __moved: string[] };

/** Installed before the page's own scripts, so the first shift is seen. */
function observeShifts(): void {
  const w = window as unknown as Shifts;
  w.__cls = 0;
  w.__moved = [];
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
  const name = (node?: Node | null) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      w.__cls += entry.value;
      w.__moved.push(`${entry.value.toFixed(3)}: ${entry.sources.map((s) => name(s.node)).join(', ')}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The shifts so far, once every image on the page has loaded and the browser has painted twice. */
async function settledShift(page: Page): Promise<number> {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const { cls, moved } = await page.evaluate(
    () =>
      new Promise<{ cls: number; moved: string[] }>((done) => {
        const w = window as unknown as Shifts;
        requestAnimationFrame(() => requestAnimationFrame(() => done({ cls: w.__cls, moved: w.__moved })));
      }),
  );
  // What moved, largest first: where to reserve space next.
  console.log(moved.sort().reverse().slice(0, 6).join('\n'));
  return cls;
}

describe('layout shift while the first screens load (desktop 1350×940)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function measure(route: string, ready: (page: Page) => Promise<void>): Promise<{ cls: number; page: Page; close: () => Promise<void> }> {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1350, height: 940 });
    await page.addInitScript(observeShifts);
    await open(page, route);
    await ready(page);
    const cls = await settledShift(page);
    return { cls, page, close: () => context.close() };
  }

  let lessonHref = '';

  it('home: the banner and the lesson cards take their place without pushing the page', async () => {
    const { cls, page, close } = await measure('/main/type=new', async (p) => {
      await p.getByRole('list', { name: '推荐课程' }).getByRole('link').first().waitFor({ timeout: 20_000 });
    });
    lessonHref = (await page.getByRole('list', { name: '推荐课程' }).getByRole('link').first().getAttribute('href')) ?? '';
    console.log(`layout shift home ${cls.toFixed(3)} (budget ${CLS_BUDGET.home})`);
    expect(cls).toBeLessThanOrEqual(CLS_BUDGET.home);
    await close();
  });

  it('/learn: the filter bar and the results take their place without pushing the page', async () => {
    const { cls, close } = await measure('/learn', async (p) => {
      await p.getByRole('button', { name: '搜索' }).waitFor({ timeout: 20_000 });
      await p.locator('.ds-lesson-grid a').first().waitFor({ timeout: 20_000 });
    });
    console.log(`layout shift /learn ${cls.toFixed(3)} (budget ${CLS_BUDGET.learn})`);
    expect(cls).toBeLessThanOrEqual(CLS_BUDGET.learn);
    await close();
  });

  it('a lesson: the player and the related lessons take their place without pushing the page', async () => {
    expect(lessonHref).toMatch(/course-detail\//);
    const { cls, close } = await measure(lessonHref.replace(/^#/, ''), async (p) => {
      await p.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
      await p.locator('.ds-detail-player .plyr video').waitFor({ state: 'attached', timeout: 20_000 });
    });
    console.log(`layout shift lesson ${cls.toFixed(3)} (budget ${CLS_BUDGET.courseDetail})`);
    expect(cls).toBeLessThanOrEqual(CLS_BUDGET.courseDetail);
    await close();
  });
});
