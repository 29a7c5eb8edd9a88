/**
 * Single sign-on from the portal's header (docs/sso.md): the smart growth address is a page of a
 * bureau site on another origin (e2e support), set through the platform settings. A teacher's click
 * opens it in a new tab with a signed ticket; the site's server checks the ticket with `checkToken`
 * and greets the teacher; opening the same address again is refused (single use). A visitor is sent to
 * login first. No link in the header carries the user id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bureauUrl } from './support/servers.js';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, atRoute, baseUrl, launchBrowser, loginAs, newPage, open } from './support/browser';

const KEY = 'common.link.smartGrowth';
let browser: Browser;
let adminToken = '';
let previous = '';

async function api<T>(path: string, body: unknown, token = adminToken): Promise<{ status: number; data: T }> {
  const answer = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  return (await answer.json()) as { status: number; data: T };
}

async function saveGrowthUrl(value: string): Promise<void> {
  expect((await api('/base/v1/globalConfig/save', { items: [{ configKey: KEY, configValue: value }] })).status).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { publicKey } = (await (await fetch(`${baseUrl()}/cas/publicKey`)).json()).data as { publicKey: string };
  const { publicEncrypt, constants } = await import('node:crypto');
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  adminToken = (await api<{ token: string }>('/cas/login/restful', { username: 'admin', password, code: 'web', ed: '' }, '')).data.token;
  const rows = (await api<{ rows: Array<{ configKey: string; configValue: string }> }>('/base/v1/globalConfig/list', {}, '')).data.rows;
  previous = rows.find((r) => r.configKey === KEY)?.configValue ?? '';
  await saveGrowthUrl(`${bureauUrl()}/sso/growth.html`);
});
afterAll(async () => {
  if (adminToken) await saveGrowthUrl(previous);
  await browser?.close();
});

describe('single sign-on to smart growth', () => {
  it('opens the site for a teacher with a ticket the site checks once; the same address again is refused', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    const growth = page.locator('.ds-nav-desktop').getByRole('button', { name: '智慧成长', exact: true });
    const [tab] = await Promise.all([context.waitForEvent('page'), growth.click()]);
    await tab.locator('[data-sso]').waitFor({ timeout: 20_000 });
    expect(await tab.locator('[data-sso]').getAttribute('data-sso')).toBe('ok');
    expect(await tab.locator('[data-sso]').innerText()).toBe('欢迎，王晓明（teacher，100000000000000001）');
    const address = new URL(tab.url());
    expect(`${address.origin}${address.pathname}`).toBe(`${bureauUrl()}/sso/growth.html`);
    expect(address.searchParams.get('ticket')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(address.searchParams.has('userId')).toBe(false);
    // The new tab cannot reach back into the portal.
    expect(await tab.evaluate(() => window.opener)).toBeNull();

    await tab.reload();
    await tab.locator('[data-sso]').waitFor({ timeout: 20_000 });
    expect(await tab.locator('[data-sso]').getAttribute('data-sso')).toBe('refused');
    expect(await tab.locator('[data-sso]').getAttribute('data-code')).toBe('4010203');
    expect(await tab.locator('[data-sso]').innerText()).toBe('票据已被使用，请从平台重新进入');
    await context.close();
  });

  it('sends a visitor to login first, and back to where they were', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/learn');
    await page.locator('.ds-nav-desktop').getByRole('link', { name: '智慧成长', exact: true }).click();
    await atRoute(page, /#\/login\?returnUrl=%2Flearn$/);
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });

  it('puts no user id in any link of the page', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(3);
    expect(hrefs.filter((href) => /userId=|100000000000000001/.test(href))).toEqual([]);
    await context.close();
  });
});
