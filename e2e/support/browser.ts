import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './servers.js';
// @ts-expect-error plain ESM script of the repository, no type declarations
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Ds@123456';

export { baseUrl } from './servers.js';

/**
 * Debian's Chromium; no test tool here may download its own browser. Its headless shell by default (the
 * same build without the desktop browser, at well under half the CPU per page: scripts/chromium.mjs);
 * `{ full: true }` for a file that checks what only the full browser does as a reader's does: in the
 * shell, the first Escape on an antd dialog reaches the dialog's close handler yet leaves it open
 * (docs/testing.md, "Browser").
 */
export function launchBrowser({ full = false }: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: full ? CHROMIUM_PATH : TEST_CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

/**
 * A new browser context and page. The context asks for reduced motion, as a reader may: antd's dialogs,
 * menus and messages then open without their animation (app/AntdRoot.tsx), so no click lands on a popup
 * that is still moving into place. `motion: 'no-preference'` keeps the animations (tested in visitor.e2e.ts).
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  { motion = 'reduce' }: { motion?: 'reduce' | 'no-preference' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: motion });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  return { context, page };
}

/** The file antd's provider and components are built into (packages/portal/vite.config.ts). */
export const ANTD_FILE = /\/assets\/antd-[^/]+\.js$/;

/** Every script `page` fetches from now on, by path. */
export function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

/** Opens a hash route of the portal. */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}/#${route}`);
}

/**
 * Waits until the portal shows a hash route matching `pattern`. Unlike `page.waitForURL` it does not
 * also wait for the document's load event, and a timeout names the address the page was left at.
 */
export async function atRoute(page: Page, pattern: RegExp, timeout = 20_000): Promise<void> {
  await expect.poll(() => page.url(), { timeout, message: `the portal's address should match ${pattern}` }).toMatch(pattern);
}

/** Logs in through the portal's login page, as a user would, and waits for the shell. */
export async function loginAs(page: Page, username: string, route = '/login'): Promise<void> {
  await open(page, route);
  await page.getByLabel('账号', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // Logged in and the user loaded: the menu shows the user's name ('—' until then).
  await page.locator('.ds-user-trigger').filter({ hasNotText: '—' }).waitFor({ timeout: 20_000 });
}

/** The session token the SDK stored for this page. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

/** The visible text of the header navigation. */
export async function headerText(page: Page): Promise<string> {
  return (await page.locator('.ds-nav-desktop').innerText()).replace(/\s+/g, ' ');
}

/**
 * Opens the signed-in user's menu by hovering its button, as a visitor does, and waits until it is open.
 * The hover is repeated while the button is closed: the header may be drawn again under a still pointer
 * right after the login (the screen's layout arriving), which closes a panel opened a moment before.
 */
export async function openUserMenu(page: Page): Promise<void> {
  const trigger = page.locator('.ds-user-trigger');
  await expect
    .poll(async () => {
      await page.mouse.move(0, 0);
      await trigger.hover();
      return trigger.getAttribute('aria-expanded');
    })
    .toBe('true');
}

