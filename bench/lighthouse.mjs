// Lighthouse (npm `lighthouse` 12.8, the last line that runs on Node 20) against Debian's Chromium with
// the flags every test and bench uses (scripts/chromium.mjs): no browser of its own is downloaded.
// Shared by bench/portal-load.mjs (figures) and e2e/lighthouse.e2e.ts (the CI budget).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

/** The two presets of the Lighthouse CLI: `desktop` (1350×940, light throttling) and `mobile` (the default: a mid-range phone on slow 4G). */
export const PRESETS = { desktop: desktopConfig, mobile: undefined };

/** One headless Chromium for several Lighthouse runs: `{ port, kill() }`. */
export async function launchChromium() {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  return { port: chrome.port, kill: () => chrome.kill() };
}

const round = (n, digits = 0) => (typeof n === 'number' && Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

/**
 * Runs Lighthouse once on `url` in the Chromium listening on `port` and returns what the benches and
 * the budget test read: category scores (0–100), LCP, CLS, TBT, FCP, bytes transferred, the
 * accessibility audits that failed, and what shifted (largest first).
 */
export async function audit(url, { port, preset = 'desktop', categories = ['performance', 'accessibility'] }) {
  if (!(preset in PRESETS)) throw new Error(`unknown Lighthouse preset "${preset}" (desktop, mobile)`);
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: categories };
  let lhr;
  // A trace that missed the navigation (NO_NAVSTART, seen on a loaded machine) asks to run again: once.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, PRESETS[preset]);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    if (attempt >= 2) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const value = (id) => lhr.audits[id]?.numericValue;
  const score = (id) => (lhr.categories[id]?.score === null || lhr.categories[id]?.score === undefined ? null : Math.round(lhr.categories[id].score * 100));
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => ({ id: a.id, title: a.title, nodes: (a.details?.items ?? []).slice(0, 5).map((item) => item.node?.selector ?? item.node?.snippet ?? '') }));
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? [])
    .map((item) => ({ score: round(item.score, 4), node: item.node?.selector ?? item.node?.snippet ?? '' }))
    .sort((a, b) => b.score - a.score);
  return {
    url,
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: round(value('largest-contentful-paint')),
    fcpMs: round(value('first-contentful-paint')),
    cls: round(value('cumulative-layout-shift'), 4),
    tbtMs: round(value('total-blocking-time')),
    bytes: round(value('total-byte-weight')),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? null,
    // Where the LCP's time went (TTFB, load delay, load time, render delay), in ms.
    lcpPhases: Object.fromEntries((lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map((item) => [item.phase, round(item.timing)])),
    a11yFailures,
    shifts,
    warnings: lhr.runWarnings ?? [],
  };
}
