/**
 * Lighthouse's verdict on the first screens a visitor opens (home, /learn, a lesson), desktop preset,
 * one run each against the test server: accessibility must stay at 100 and the cumulative layout
 * shift within the ratchet of e2e/support/layoutBudget.ts. The full figures (both presets, three runs,
 * performance, LCP, TBT, bytes) are bench/portal-load.mjs's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM bench module, no type declarations
import { audit, launchChromium } from '../bench/lighthouse.mjs';
import { baseUrl } from './support/browser';
import { CLS_BUDGET } from './support/layoutBudget';

interface Audit {
  accessibility: number | null;
  performance: number | null;
  cls: number | null;
  lcpMs: number | null;
  a11yFailures: { id: string; title: string; nodes: string[] }[];
  shifts: { score: number; node: string }[];
}

describe('Lighthouse on the first screens (desktop preset)', () => {
  let chrome: { port: number; kill: () => Promise<void> };
  let lessonId = '';
  beforeAll(async () => {
    const answer = (await (await fetch(`${baseUrl()}/cloudSchool/v1/cloudLesson/getRecommendLesson?limit=1`)).json()) as { data: { lessonId: string }[] };
    lessonId = answer.data[0]?.lessonId ?? '';
    chrome = (await launchChromium()) as typeof chrome;
  });
  afterAll(async () => {
    await chrome?.kill();
  });

  const pages = [
    { name: 'home', route: () => '/main/type=new', budget: CLS_BUDGET.home },
    { name: '/learn', route: () => '/learn', budget: CLS_BUDGET.learn },
    { name: 'a lesson', route: () => `/course-detail/${encodeURIComponent(lessonId)}`, budget: CLS_BUDGET.courseDetail },
  ];

  it.each(pages)('$name: accessibility 100, layout shift within its budget', async ({ name, route, budget }) => {
    expect(lessonId, 'the demo content has a recommended lesson').not.toBe('');
    const result = (await audit(`${baseUrl()}/#${route()}`, { port: chrome.port, preset: 'desktop' })) as Audit;
    console.log(`Lighthouse ${name}: performance ${result.performance}, accessibility ${result.accessibility}, CLS ${result.cls}, LCP ${result.lcpMs} ms`);
    const failures = result.a11yFailures.map((a) => `${a.id} (${a.nodes.join(', ')})`).join('; ');
    expect(result.accessibility, `accessibility audits failed: ${failures}`).toBe(100);
    const shifted = result.shifts.map((s) => `${s.score} ${s.node}`).join('; ');
    expect(result.cls, `what shifted: ${shifted}`).not.toBeNull();
    expect(result.cls!, `what shifted: ${shifted}`).toBeLessThanOrEqual(budget);
  });
});
