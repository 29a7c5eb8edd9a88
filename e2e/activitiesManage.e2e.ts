/**
 * 征集活动管理 and 创建活动 against the real server: the city administrator creates an activity
 * through the step form (each 下一步 saves the draft; the notice written from the keyboard in the rich-text
 * editor, then seen by a teacher), publishes it from the summary, finds it in the
 * table in its sign-up phase with the window's end, then withdraws it from the table after the
 * confirmation. Both screens pass axe.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { baseUrl, launchBrowser, loginAs, newPage, open } from './support/browser';
import { loginTicket } from './support/uploads';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Picks an option of the antd select labelled `label` (the dropdown renders outside the field). */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.click();
  const own = page.getByLabel(label, { exact: true });
  // Clicked only once the dropdown has finished sliding in: a click during the motion can miss it.
  const settled = page.locator('.ant-select-dropdown:visible:not([class*="-enter"]):not([class*="-appear"])');
  await settled.locator(`.ant-select-item-option[title="${option}"]`).click();
  await scope.locator('.ant-select', { has: own }).locator(`[title="${option}"]`).first().waitFor();
}

/** `YYYY-MM-DD HH:mm` in China time (how the portal shows and picks times), `days` from now at `hour`. */
function chinaStamp(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(hour)}:00`;
}

/** Types a window into its range picker as a user would, each end confirmed with Enter. */
async function typeWindow(page: Page, step: Locator, label: string, from: string, to: string): Promise<void> {
  await step.getByLabel(label, { exact: true }).click();
  // A window typed a second time replaces what its inputs hold.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(from);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(to);
  await page.keyboard.press('Enter');
}

async function apiCall(token: string, route: string, body: unknown) {
  const res = await fetch(`${baseUrl()}/cloudSchool/v1/resourceCollectActivity/${route}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; data: { activityId: string; version: number; name: string }; message?: string };
}

/**
 * Writes the notice from the keyboard only: Alt+F10 reaches the toolbar, whose first button makes a
 * heading; Enter starts a paragraph; Ctrl+B bolds a word. The count under the editor follows.
 */
async function writeNotice(page: Page, basics: Locator): Promise<void> {
  const notice = basics.getByRole('textbox', { name: '活动简介' });
  await notice.click();
  await page.keyboard.press('Alt+F10');
  const heading = basics.getByRole('toolbar', { name: '活动简介格式工具栏' }).getByRole('button', { name: '2 级标题 H2' });
  await expect.poll(() => heading.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  // The button gives the caret back to the text: what is typed before that would go nowhere.
  await expect.poll(() => notice.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  await page.keyboard.type('征集范围');
  await heading.and(page.locator('[aria-pressed="true"]')).waitFor();
  await page.keyboard.press('Enter');
  await page.keyboard.type('面向全市小学数学教师征集');
  await page.keyboard.press('ControlOrMeta+B');
  await page.keyboard.type('精品课');
  await page.keyboard.press('ControlOrMeta+B');
  await page.keyboard.type('。');
  await basics.getByText(`已用 ${NOTICE.length} / 50000 字符（含格式标记）`).waitFor();
}
const NOTICE = '<h2>征集范围</h2><p>面向全市小学数学教师征集<strong>精品课</strong>。</p>';

/** The teacher's activity page shows the notice with its heading and its bold word. */
async function teacherSeesNotice(activityId: string, name: string): Promise<void> {
  const { context, page } = await newPage(browser);
  await loginAs(page, 'teacher');
  await open(page, `/resourcesCollect/activityList/all/activityDetail/${encodeURIComponent(activityId)}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const notice = page.locator('.ds-act-notice');
  await notice.getByRole('heading', { level: 2, name: '征集范围' }).waitFor();
  await notice.locator('strong', { hasText: '精品课' }).waitFor();
  expect(await notice.innerHTML()).toBe(NOTICE);
  await context.close();
}

const stepSection = (page: Page, name: string) => page.getByRole('region', { name });
/** A new step shows from its top: its heading in the window, below the sticky header (下一步 is below a long step). */
async function shownFromTop(page: Page, step: Locator): Promise<boolean> {
  const heading = await step.getByRole('heading', { level: 2 }).boundingBox();
  const header = await page.locator('.ds-header').boundingBox();
  return !!heading && !!header && heading.y >= header.y + header.height && heading.y + heading.height <= page.viewportSize()!.height;
}
const next = (page: Page) => page.getByRole('button', { name: '下一步' });
const saved = (page: Page) => page.getByText(/^已保存（/);

describe('activity management', () => {
  it('an administrator creates an activity through the step form, publishes it and sees it in the table with its phase', async () => {
    const name = `精品课征集${Date.now().toString(36)}`;
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, '/management/type=activemana');
    await page.getByRole('heading', { level: 1, name: '征集活动管理' }).waitFor();
    await page.getByRole('table', { name: '征集活动列表' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: '创建活动' }).click();
    await page.getByRole('heading', { level: 1, name: '创建活动' }).waitFor();
    const basics = stepSection(page, '基本信息');
    await basics.getByLabel('活动名称', { exact: true }).fill(name);
    await choose(page, basics, '活动类型', '精品课');
    // The organiser is the administrator's bureau, shown, not chosen.
    expect(await basics.getByLabel('主办单位', { exact: true }).inputValue()).toBe('东山市教育局');
    await writeNotice(page, basics);
    expect(await seriousViolations(page)).toEqual([]);
    await next(page).click();
    // The first 下一步 creates the draft: the address takes its id.
    await page.waitForURL(/type=create-activity\/[^/?]+$/, { timeout: 15_000 });
    await saved(page).waitFor();
    const activityId = decodeURIComponent(/type=create-activity\/([^/?]+)$/.exec(page.url())![1]!);

    const scope = stepSection(page, '征集范围');
    await scope.waitFor();
    await expect.poll(() => shownFromTop(page, scope)).toBe(true);
    await choose(page, scope, '学段', '小学');
    await choose(page, scope, '学科', '数学');
    await choose(page, scope, '版本', '人教版');
    await next(page).click();

    const windows = stepSection(page, '时间安排');
    await windows.waitFor();
    await expect.poll(() => shownFromTop(page, windows)).toBe(true);
    // Out of order first: the review may not open before the upload does.
    await typeWindow(page, windows, '报名时间', chinaStamp(-1, 8), chinaStamp(5, 18));
    await typeWindow(page, windows, '作品上传时间', chinaStamp(1, 8), chinaStamp(10, 18));
    await typeWindow(page, windows, '评审时间', chinaStamp(0, 8), chinaStamp(20, 18));
    await next(page).click();
    await windows.getByText('评审不能早于作品上传开始').waitFor();
    await typeWindow(page, windows, '评审时间', chinaStamp(10, 18), chinaStamp(20, 18));
    await next(page).click();

    const levels = stepSection(page, '评审级别');
    await levels.waitFor();
    await expect.poll(() => shownFromTop(page, levels)).toBe(true);
    // A city bureau's activity may use all three levels; all are chosen by default.
    for (const level of ['校级', '区级', '市级']) expect(await levels.getByRole('checkbox', { name: level }).isChecked()).toBe(true);
    await next(page).click();
    const template = stepSection(page, '作品包要求');
    await template.waitFor();
    await expect.poll(() => shownFromTop(page, template)).toBe(true);
    expect(await template.getByRole('checkbox', { name: '课堂实录视频必交' }).isChecked()).toBe(true);
    await next(page).click();
    const rules = stepSection(page, '征集规则');
    await rules.waitFor();
    await expect.poll(() => shownFromTop(page, rules)).toBe(true);
    expect(await rules.getByLabel('帧率（fps）', { exact: true }).inputValue()).toBe('25');
    await next(page).click();

    const summary = stepSection(page, '确认发布');
    await summary.getByText('信息完整，可以发布。').waitFor();
    await expect.poll(() => shownFromTop(page, summary)).toBe(true);
    await summary.getByText(name).waitFor();
    await summary.getByText('小学 / 数学 / 人教版 / 全部册').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '发布', exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: `确定发布《${name}》吗` });
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('活动已发布').first().waitFor({ timeout: 15_000 });
    await page.waitForURL(/type=activemana/);
    await teacherSeesNotice(activityId, name);

    await open(page, `/management/type=activemana?keyword=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('报名中').waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain(`至 ${chinaStamp(5, 18)}`);
    expect(await row.innerText()).toContain('东山市教育局');
    expect(await seriousViolations(page)).toEqual([]);

    // Changed elsewhere after the table loaded: the server refuses the stale row, and says why.
    const actions = page.getByRole('group', { name: `《${name}》的操作` });
    expect(await actions.getByRole('button', { name: '删除' }).count()).toBe(0);
    const { token } = await loginTicket(baseUrl(), 'admin');
    const current = await fetch(`${baseUrl()}/cloudSchool/v1/resourceCollectActivity/detail/${activityId}`, { headers: { authorization: token } });
    const { data } = (await current.json()) as { data: { version: number } };
    const bumped = await apiCall(token, 'edit', { activityId, version: data.version, description: '补充说明' });
    expect(bumped.status, bumped.message).toBe(200);
    await actions.getByRole('button', { name: '撤回' }).click();
    await page.getByRole('dialog').filter({ hasText: `确定撤回《${name}》吗` }).getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(/操作失败：活动已被他人修改.*（409）/).waitFor();
    await page.reload();

    // A published activity is withdrawn from the table after the confirmation; it then offers 重新发布.
    await actions.getByRole('button', { name: '撤回' }).click();
    await page.getByRole('dialog').filter({ hasText: `确定撤回《${name}》吗` }).getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('操作成功').first().waitFor();
    await row.getByText('已撤回').waitFor({ timeout: 15_000 });
    await actions.getByRole('button', { name: '重新发布' }).waitFor();
    await context.close();
  });

  it('a draft saved by someone else meanwhile is explained, and the form loads the current one', async () => {
    const { token } = await loginTicket(baseUrl(), 'admin');
    const created = await apiCall(token, 'save', { name: `草稿${Date.now().toString(36)}`, activitySystem: 2 });
    expect(created.status, created.message).toBe(200);
    const { activityId } = created.data;

    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, `/management/type=create-activity/${activityId}`);
    await page.getByRole('heading', { level: 1, name: '编辑活动' }).waitFor();
    const basics = stepSection(page, '基本信息');
    expect(await basics.getByLabel('活动名称', { exact: true }).inputValue()).toBe(created.data.name);

    // Another administrator renames it while the form is open.
    const renamed = `他人改名${Date.now().toString(36)}`;
    const edited = await apiCall(token, 'edit', { activityId, version: created.data.version, name: renamed });
    expect(edited.status, edited.message).toBe(200);

    await basics.getByLabel('活动简介', { exact: true }).fill('本页的修改');
    await next(page).click();
    const stale = page.getByRole('alert').filter({ hasText: '活动已被他人修改' });
    await stale.getByText(`当前版本 ${edited.data.version}`).waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await stale.getByRole('button', { name: '载入最新内容' }).click();
    expect(await basics.getByLabel('活动名称', { exact: true }).inputValue()).toBe(renamed);
    await next(page).click();
    await stepSection(page, '征集范围').waitFor();
    await saved(page).waitFor();
    await context.close();
  });

  it('a published activity teachers signed up for says what can no longer change, and its works open in a drawer', async () => {
    const name = '东山市语文、数学微课征集（第一批）';
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, `/management/type=activemana?keyword=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('作品上传中').waitFor({ timeout: 15_000 });
    const actions = page.getByRole('group', { name: `《${name}》的操作` });
    await actions.getByRole('button', { name: '查看作品' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `作品：${name}` });
    await drawer.getByRole('table', { name: '活动作品列表' }).waitFor();
    await drawer.locator('.ant-table-row, .ant-empty').first().waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page, '.ant-drawer-section')).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await actions.getByRole('button', { name: '编辑' }).click();
    await page.getByRole('heading', { level: 1, name: '编辑活动' }).waitFor();
    await page.getByText(/活动已发布且已有教师报名：时间安排只能延长/).waitFor();
    const basics = stepSection(page, '基本信息');
    expect(await basics.getByLabel('活动名称', { exact: true }).isEditable()).toBe(true);
    expect(await basics.getByLabel('活动类型', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: '征集范围' }).click();
    const scope = stepSection(page, '征集范围');
    await scope.getByText('已有教师报名：已保存的征集范围不能删减或修改，只能新增。').waitFor();
    expect(await scope.getByLabel('学段', { exact: true }).first().isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
