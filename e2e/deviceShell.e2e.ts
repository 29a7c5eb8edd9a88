/**
 * The portal inside a device shell (docs/device.md), with a page that plays the shell's side (e2e
 * support, another origin, allowed to frame the portal by SHELL_ORIGINS): the shell's token signs the
 * user in with no login form; a shell that cannot hand one over gives 「获取token失败」; smart growth
 * opens through the shell with a ticket; a download goes to the shell with 「正在下载，请稍候」 until
 * the shell is done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bureauUrl } from './support/servers.js';
import { constants, publicEncrypt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, baseUrl, launchBrowser, newPage } from './support/browser';

let browser: Browser;
let teacherToken = '';
let adminToken = '';
let lessonId = '';
let previousGrowth = '';

async function post<T>(path: string, body: unknown, token = ''): Promise<{ status: number; message: string; data: T }> {
  const answer = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  return (await answer.json()) as { status: number; message: string; data: T };
}

async function login(username: string): Promise<string> {
  const { publicKey } = (await (await fetch(`${baseUrl()}/cas/publicKey`)).json()).data as { publicKey: string };
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  const answer = await post<{ token: string }>('/cas/login/restful', { username, password, code: 'ideallecture', ed: '' });
  expect(answer.status).toBe(200);
  return answer.data.token;
}

const growthKey = 'common.link.smartGrowth';
const saveGrowth = (value: string) => post('/base/v1/globalConfig/save', { items: [{ configKey: growthKey, configValue: value }] }, adminToken);

async function openShell(page: Page, query: string): Promise<void> {
  await page.goto(`${bureauUrl()}/shell.html?${query}`);
}
const app = (page: Page) => page.frameLocator('#app');
const bodyData = (page: Page, name: string) => page.evaluate((n) => document.body.dataset[n] ?? null, name);

beforeAll(async () => {
  browser = await launchBrowser();
  teacherToken = await login('teacher');
  adminToken = await login('admin');
  const rows = (await post<{ rows: Array<{ configKey: string; configValue: string }> }>('/base/v1/globalConfig/list', {})).data.rows;
  previousGrowth = rows.find((r) => r.configKey === growthKey)?.configValue ?? '';
  expect((await saveGrowth(`${bureauUrl()}/sso/growth.html`)).status).toBe(200);
  const page = await post<{ rows: Array<{ lessonId: string }> }>('/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { pageNum: 1, pageSize: 1 });
  lessonId = page.data.rows[0]!.lessonId;
});
afterAll(async () => {
  if (adminToken) await saveGrowth(previousGrowth);
  await browser?.close();
});

describe('the portal in a device shell', () => {
  it('signs in with the shell’s token (no login form), and smart growth opens through the shell with a ticket', async () => {
    const { context, page } = await newPage(browser);
    await openShell(page, `token=${encodeURIComponent(teacherToken)}`);
    await app(page).locator('.ds-user-trigger').filter({ hasText: '王晓明' }).waitFor({ timeout: 30_000 });
    expect(await bodyData(page, 'calls')).toBe('hello,getToken');

    await app(page).locator('.ds-nav-desktop').getByRole('button', { name: '智慧成长', exact: true }).click();
    await expect.poll(() => bodyData(page, 'opened'), { timeout: 20_000 }).toMatch(/\/sso\/growth\.html\?ticket=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(context.pages()).toHaveLength(1);
    // The shell's browser would now load it: the ticket is good once, for that site.
    const landing = await context.newPage();
    await landing.goto((await bodyData(page, 'opened'))!);
    expect(await landing.locator('[data-sso]').innerText()).toBe('欢迎，王晓明（teacher，100000000000000001）');
    await context.close();
  });

  it('says 获取token失败 when the shell cannot hand over a token', async () => {
    const { context, page } = await newPage(browser);
    await openShell(page, 'fail=1');
    await app(page).getByText('获取token失败').waitFor({ timeout: 30_000 });
    expect(await bodyData(page, 'calls')).toBe('hello,getToken');
    await context.close();
  });

  it('shows no login form of its own in a shell that logs its users in (withLogin: false): 返回客户端登录 asks the shell', async () => {
    const { context, page } = await newPage(browser);
    await openShell(page, `route=${encodeURIComponent('/login')}`);
    await app(page).getByText('请在客户端中登录').waitFor({ timeout: 30_000 });
    expect(await app(page).locator('input[type="password"]').count()).toBe(0);
    await app(page).getByRole('button', { name: '返回客户端登录' }).click();
    await expect.poll(() => bodyData(page, 'calls'), { timeout: 20_000 }).toBe('hello,getToken,exitLogin');
    await context.close();
  });

  it('hands a download to the shell and shows 正在下载，请稍候 until the shell is done', async () => {
    const { context, page } = await newPage(browser);
    await openShell(page, `token=${encodeURIComponent(teacherToken)}&route=${encodeURIComponent(`/course-detail/${lessonId}`)}`);
    await app(page).locator('.ds-user-trigger').filter({ hasText: '王晓明' }).waitFor({ timeout: 30_000 });
    await app(page).getByRole('button', { name: '下载' }).click();
    await app(page).getByText('正在下载，请稍候').waitFor({ timeout: 20_000 });
    await expect.poll(() => bodyData(page, 'download')).toMatch(/\.mp4$/);
    await page.evaluate(() => (window as unknown as { releaseDownload: () => void }).releaseDownload());
    await app(page).getByText('正在下载，请稍候').waitFor({ state: 'detached', timeout: 20_000 });
    await context.close();
  });
});
