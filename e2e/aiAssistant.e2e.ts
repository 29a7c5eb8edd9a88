/**
 * The AI assistant of the portal header (spec §2): shown only to logged-in users of the bureau the
 * settings name; its window frames the assistant page with a signed ticket, toggles full screen, and
 * Esc closes it with the focus back on the button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bureauUrl } from './support/servers.js';
import type { Browser } from 'playwright-core';
import { loginTicket } from './support/uploads';
import { baseUrl, launchBrowser, loginAs, newPage, open } from './support/browser';

const KEYS = ['common.ai.bureauId', 'common.ai.pageUrl'] as const;
let browser: Browser;
let admin = '';
let previous: Record<string, string> = {};

async function api<T>(path: string, body: unknown, token = admin): Promise<{ status: number; data: T }> {
  const answer = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  return (await answer.json()) as { status: number; data: T };
}
const save = async (values: Record<string, string>) =>
  expect((await api('/base/v1/globalConfig/save', { items: Object.entries(values).map(([configKey, configValue]) => ({ configKey, configValue })) })).status).toBe(200);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = (await loginTicket(baseUrl(), 'admin')).token;
  const rows = (await api<{ rows: Array<{ configKey: string; configValue: string }> }>('/base/v1/globalConfig/list', {}, '')).data.rows;
  previous = Object.fromEntries(KEYS.map((key) => [key, rows.find((r) => r.configKey === key)?.configValue ?? '']));
  // The bureau of the assistant: the district of the demo teacher (teacher2 works in another district).
  const teacher = (await loginTicket(baseUrl(), 'teacher')).token;
  const current = await (await fetch(`${baseUrl()}/base/v1/user/current`, { headers: { authorization: teacher } })).json();
  await save({ 'common.ai.bureauId': String(current.data.districtId), 'common.ai.pageUrl': `${bureauUrl()}/ai.html` });
});
afterAll(async () => {
  if (admin) await save(previous);
  await browser?.close();
});

describe('the AI assistant in the portal header', () => {
  it('opens for a teacher of the bureau: the page with a ticket, full screen, Esc closes, focus back on the button', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    const button = page.getByRole('button', { name: 'AI 助手' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: /AI 助手/ });
    const frame = dialog.locator('iframe[title="AI 助手页面"]');
    await frame.waitFor({ timeout: 20_000 });
    const src = await frame.getAttribute('src');
    expect(src).toMatch(new RegExp(`^${bureauUrl()}/ai\\.html\\?ticket=[^&]+$`));
    expect(src).not.toContain(await page.evaluate(() => localStorage.getItem('token') ?? 'no token'));
    // The page really loads in the frame (the portal's policy lets it frame the configured AI page):
    // the bureau's test site answers its own 未找到 page for it.
    await page.frameLocator('iframe[title="AI 助手页面"]').getByText('未找到').waitFor({ timeout: 20_000 });
    const full = dialog.getByRole('button', { name: '全屏' });
    await full.click();
    await expect.poll(() => dialog.getByRole('button', { name: '退出全屏' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('is not shown to a teacher of another district, nor to a visitor', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/main/type=new');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'AI 助手' }).count()).toBe(0);
    await loginAs(page, 'teacher2');
    expect(await page.getByRole('button', { name: 'AI 助手' }).count()).toBe(0);
    // The server agrees: no ticket for the assistant.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const refused = await api('/cloudSchool/v1/sso/ticket', { target: 'aiAssistant' }, token ?? '');
    expect(refused.status).toBe(4030202);
    await context.close();
  });
});
