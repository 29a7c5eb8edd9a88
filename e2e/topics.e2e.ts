import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { baseUrl, launchBrowser, loginAs, newPage, open } from './support/browser';
import { loginTicket } from './support/uploads';

const rows = (page: Page) => page.locator('.ds-mgmt-screen .ant-table-tbody tr.ant-table-row');
const rowNames = (page: Page, column: number) => rows(page).locator(`td:nth-child(${column})`).allInnerTexts();

/** A published lesson of the demo teacher, found over the API the portal uses. */
async function publishedLessonOfTeacher(): Promise<{ lessonId: string; title: string }> {
  const { token } = await loginTicket(baseUrl(), 'teacher');
  const response = await fetch(`${baseUrl()}/cloudSchool/v1/cloudLesson/getOnDemandLessonPage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ onlyMine: true, pageSize: 50 }),
  });
  const body = (await response.json()) as { data: { rows: Array<{ lessonId: string; title: string; publishStatus: number }> } };
  const lesson = body.data.rows.find((row) => row.publishStatus === 1);
  if (!lesson) throw new Error('the demo teacher has no published lesson');
  return lesson;
}

describe('special topics, their types and lesson tags in the back-office', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an administrator creates a tag, a teacher tags a lesson with it, a student finds the lesson by the tag on /learn', async () => {
    const tagName = `航天${Date.now() % 100000}`;
    const admin = await newPage(browser);
    await loginAs(admin.page, 'admin');
    await open(admin.page, '/management/type=tag');
    await admin.page.getByRole('heading', { level: 1, name: '标签管理' }).waitFor();
    await admin.page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = admin.page.getByRole('dialog', { name: '新增标签' });
    await dialog.getByLabel('名称').fill(tagName);
    await dialog.getByRole('button', { name: '保存' }).click();
    await rows(admin.page).filter({ hasText: tagName }).waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);

    // The same name again is refused under the field, in the server's words.
    await admin.page.getByRole('button', { name: '新增', exact: true }).click();
    await dialog.getByLabel('名称').fill(tagName);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText(`课程标签名称已存在：${tagName}`).waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await admin.context.close();

    const lesson = await publishedLessonOfTeacher();
    const teacher = await newPage(browser);
    await loginAs(teacher.page, 'teacher');
    await open(teacher.page, `/my-lessons/${lesson.lessonId}/edit`);
    const picker = teacher.page.getByLabel('课程标签');
    await picker.waitFor();
    await picker.click();
    await teacher.page.locator('.ant-select-dropdown').getByText(tagName, { exact: true }).click();
    await teacher.page.keyboard.press('Escape');
    await teacher.page.getByRole('button', { name: '保存课程', exact: true }).click();
    await teacher.page.waitForURL(/#\/course-detail\//, { timeout: 20_000 });
    // The lesson page shows the tag, linking to the lessons that carry it.
    await teacher.page.getByRole('group', { name: '课程标签' }).getByRole('link', { name: `#${tagName}` }).waitFor();
    expect(await seriousViolations(teacher.page)).toEqual([]);
    await teacher.context.close();

    const student = await newPage(browser);
    await loginAs(student.page, 'student');
    await open(student.page, '/learn');
    // /learn may open where this student last was; the whole catalogue first, then the tag.
    await student.page.locator('[aria-labelledby="filter-stage"]').getByText('全部', { exact: true }).click();
    const tagChoice = student.page.locator('[aria-labelledby="filter-tag"]').getByText(tagName, { exact: true });
    await tagChoice.click();
    await student.page.waitForURL(/tagId=/);
    const cards = student.page.locator('.ds-lesson-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
    await cards.filter({ hasText: lesson.title }).waitFor();
    // The choice lives in the URL: a reload shows the same list.
    await student.page.reload();
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
    await cards.filter({ hasText: lesson.title }).waitFor();
    await student.context.close();
  });

  it('an administrator reorders topics with the keyboard and the public special-topic page follows', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, '/management/type=special');
    await page.getByRole('heading', { level: 1, name: '专题课管理' }).waitFor();
    await rows(page).nth(2).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const nameColumn = 5; // selection, handle, order, cover, name
    const before = await rowNames(page, nameColumn);
    const moved = before[2]!;

    const handle = page.getByRole('button', { name: `拖动排序：${moved}` });
    // Each key waits for what a screen-reader user hears before the next one.
    const heard = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
    await handle.focus();
    await page.keyboard.press('Space');
    await heard(`${moved} 移到第 3 位`);
    await page.keyboard.press('ArrowUp');
    await heard(`${moved} 移到第 2 位`);
    await page.keyboard.press('ArrowUp');
    await heard(`${moved} 移到第 1 位`);
    await page.keyboard.press('Space');
    await heard(`${moved} 已放在第 1 位`);
    await page.getByText('操作成功').waitFor();
    await expect.poll(() => rowNames(page, nameColumn), { timeout: 15_000 }).toEqual([moved, before[0], before[1], ...before.slice(3)]);

    await open(page, '/special-topic');
    const first = page.locator('.ds-topics label').first();
    await first.filter({ hasText: moved }).waitFor();
    await context.close();
  });

  it('has no serious or critical axe violations on the special-topic type screen, and adds a type', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, '/management/type=specialType');
    await page.getByRole('heading', { level: 1, name: '专题类型管理' }).waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增专题类型' });
    await dialog.getByLabel('名称').fill('科普');
    await dialog.getByRole('button', { name: '保存' }).click();
    await rows(page).filter({ hasText: '科普' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
