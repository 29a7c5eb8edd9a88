import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/**
 * Runs axe-core inside the page and returns the serious and critical violations (WCAG 2.1 A/AA).
 * `selector` limits the check to one part (an open popup, whose overlap with the page below would
 * otherwise be read as text on the wrong background).
 */
export async function seriousViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  await animationsSettled(page);
  // Evaluated through the DevTools protocol: the server's CSP (rightly) forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: Element | Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = selector ? document.querySelector(selector) : document;
    if (!context) throw new Error(`nothing on the page matches ${selector}`);
    const result = await axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })),
    }));
  }, selector);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Waits until no finite animation runs (a popup fading in or out, a panel sliding): axe measures
 * colours and visibility as they are at that instant, so a half-faded popup reads as low contrast, and
 * one still closing counts as shown. Endless animations (loading spinners) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
}

/** The violations of the named axe rules only (any impact), e.g. `heading-order`, a moderate one. */
export async function ruleViolations(page: Page, rules: string[]): Promise<AxeViolation[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: rules } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })) }));
  }, rules);
}
