/**
 * The works review on the portal, on the seeded review activity (小学语文 in its audit window): a
 * teacher reads the opinion on a returned work and submits it again; then a work pending at school
 * level goes up through every level — the school reviewer passes it with rubric points, a district
 * reviewer (a bureau, not the teacher's school) passes it from the keyboard (Alt+1, Enter), and the
 * city reviewer marks it high-quality; its trace lists every decision and /learn shows it as an
 * excellent lesson. The organiser sees it in
 * 审核作品 and the reviewers in 审核人员. Every screen passes axe.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { seriousViolations, animationsSettled } from './support/axe';
import { baseUrl, launchBrowser, loginAs, newPage, open } from './support/browser';

const ACTIVITY = 'ac-review-demo';
const WORK = '不懂就要问';
const list = (query: string) => `/management/type=zuopinsh?activity=${ACTIVITY}&${query}`;

let browser: Browser;

async function expectAxeClean(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Opens the work from the reviewer's list and fills the rubric (教学设计 30, 课堂实施 40, 技术质量 30). */
async function openAndScore(page: Page, query: string, points: [number, number, number]): Promise<void> {
  await open(page, list(query));
  await page.getByRole('table', { name: '评审作品列表' }).getByRole('link', { name: WORK }).click();
  await page.getByRole('heading', { level: 1, name: WORK }).waitFor();
  await page.getByLabel('教学设计（满分 30）').fill(String(points[0]));
  await page.getByLabel('课堂实施（满分 40）').fill(String(points[1]));
  await page.getByLabel('技术质量（满分 30）').fill(String(points[2]));
  await page.getByText(`合计 ${points[0] + points[1] + points[2]} / 100 分`).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('works review on the portal', () => {
  it('a teacher reads the reviewer’s opinion on a returned work and submits it again', async () => {
    const { context, page } = await newPage(browser);
    onTestFailed(() => page.screenshot({ path: '/tmp/review-e2e-teacher.png', fullPage: true }).then(() => undefined));
    await loginAs(page, 'teacher');
    await open(page, `/resourcesCollect/activityList/activityDetail/activityManage/${ACTIVITY}`);
    const card = page.locator('.ds-act-work', { hasText: '花的学校' });
    await card.getByText('评审意见：课堂实录中学生互动环节偏少，请补充小组讨论片段后重新提交。').waitFor();
    await card.getByText('作品被退回修改，请根据评审意见修改后重新提交').waitFor();
    await expectAxeClean(page);
    await card.getByRole('button', { name: '重新提交' }).click();
    await page.getByRole('dialog', { name: '确定重新提交《花的学校》吗？' }).getByRole('button', { name: '确定' }).click();
    await page.getByText('已重新提交《花的学校》').waitFor();
    // Pending again at the district level that returned it: no more resubmitting.
    await expect.poll(() => card.getByRole('button', { name: '重新提交' }).count()).toBe(0);
    await context.close();
  });

  it('school, district and city reviewers take a work to high-quality, with shortcuts and the trace', async () => {
    // School level: the school's reviewer passes it with rubric points.
    const school = await newPage(browser);
    onTestFailed(() => school.page.screenshot({ path: '/tmp/review-e2e-school.png', fullPage: true }).then(() => undefined));
    await loginAs(school.page, 'auditor');
    await open(school.page, list('state=pending'));
    await school.page.getByRole('table', { name: '评审作品列表' }).getByRole('link', { name: WORK }).waitFor();
    await school.page.getByText(/校级.*推荐名额/).waitFor();
    await expectAxeClean(school.page);
    await openAndScore(school.page, 'state=pending', [26, 35, 25]);
    // A pass needs no opinion; a return does: the reason is asked for before anything is sent.
    await school.page.getByRole('button', { name: /^退回修改/ }).click();
    await school.page.getByText('退回修改或不通过时请填写评审意见').waitFor();
    await expectAxeClean(school.page);
    await school.page.getByRole('button', { name: /^通过/ }).click();
    await school.page.getByRole('dialog').getByText(`确定对《${WORK}》执行「通过」吗？`).waitFor();
    await school.page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await school.page.getByText(`已通过：《${WORK}》`).waitFor();
    await school.context.close();

    // District level: a district bureau's reviewer (not of the teacher's school), from the keyboard.
    const district = await newPage(browser);
    onTestFailed(() => district.page.screenshot({ path: '/tmp/review-e2e-district.png', fullPage: true }).then(() => undefined));
    await loginAs(district.page, 'reviewer');
    await openAndScore(district.page, 'level=2&state=pending', [25, 34, 24]);
    // Alt+1 typed in the opinion stays the reviewer's; outside a text field it passes.
    await district.page.getByLabel('评审意见', { exact: true }).fill('同意推荐');
    await district.page.getByLabel('评审意见', { exact: true }).press('Alt+1');
    expect(await district.page.getByRole('dialog').count()).toBe(0);
    await district.page.getByRole('heading', { level: 1, name: WORK }).click();
    await district.page.keyboard.press('Alt+1');
    await district.page.getByRole('dialog').getByText(`确定对《${WORK}》执行「通过」吗？`).waitFor();
    // Enter answers the dialog once it has opened: its 确定 focused, the opening animation over.
    await expect.poll(() => district.page.evaluate(() => document.activeElement?.textContent)).toBe('确定');
    await animationsSettled(district.page);
    await district.page.keyboard.press('Enter');
    await district.page.getByText(`已通过：《${WORK}》`).waitFor();

    // City level (the same person's city assignment): high-quality is offered at the last level only.
    await openAndScore(district.page, 'level=3&state=pending', [28, 38, 28]);
    await expectAxeClean(district.page);
    await district.page.getByRole('button', { name: /^评为优秀/ }).click();
    await district.page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await district.page.getByText(`已评为优秀：《${WORK}》`).waitFor();

    // The trace: every decision of both rounds, with level, decision, score and reviewer.
    await open(district.page, list('level=3&state=decided'));
    await district.page.getByRole('table', { name: '评审作品列表' }).getByRole('link', { name: WORK }).click();
    const trace = district.page.getByRole('region', { name: '评审记录' });
    await trace.getByText('第 2 轮 · 校级 · 通过').waitFor();
    await trace.getByText('第 2 轮 · 区级 · 通过').waitFor();
    await trace.getByText('第 2 轮 · 市级 · 评为优秀').waitFor();
    await trace.getByText('得分 94').waitFor();
    await district.page.getByText('您已评审该作品：评为优秀').waitFor();
    await district.context.close();

    // Published as an excellent lesson: /learn finds it with the 精品 flag.
    const learner = await newPage(browser);
    onTestFailed(() => learner.page.screenshot({ path: '/tmp/review-e2e-learn.png', fullPage: true }).then(() => undefined));
    await loginAs(learner.page, 'student');
    await open(learner.page, `/learn/demand/keyword=${WORK}`);
    const card = learner.page.getByRole('list', { name: '课程列表' }).locator('li', { hasText: WORK });
    await card.getByText('精品', { exact: true }).waitFor({ timeout: 20_000 });
    await learner.context.close();

    // A visitor opens its public page: the player and the package documents beside it.
    const found = (await (
      await fetch(`${baseUrl()}/cloudSchool/v1/activityWork/getHighQualityWorkPage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keyword: WORK, pageNum: 1, pageSize: 5 }),
      })
    ).json()) as { data: { rows: Array<{ title: string; lessonId: string | null }> } };
    const lessonId = found.data.rows.find((r) => r.title === WORK)?.lessonId;
    expect(lessonId).toBeTruthy();
    const visitor = await newPage(browser);
    onTestFailed(() => visitor.page.screenshot({ path: '/tmp/review-e2e-goodwork.png', fullPage: true }).then(() => undefined));
    await open(visitor.page, `/resourcesCollect/goodWorkList/${lessonId}/1`);
    await visitor.page.getByRole('heading', { level: 1, name: WORK }).waitFor();
    const docs = visitor.page.getByRole('region', { name: '作品材料' });
    const links = docs.getByRole('link', { name: /^打开 / });
    await links.first().waitFor();
    const href = await links.first().getAttribute('href');
    expect((await fetch(new URL(href!, baseUrl()))).status).toBe(200);
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await visitor.context.close();
  });

  it('the organiser sees the works in review and the reviewers of the activity', async () => {
    const { context, page } = await newPage(browser);
    onTestFailed(() => page.screenshot({ path: '/tmp/review-e2e-organiser.png', fullPage: true }).then(() => undefined));
    await loginAs(page, 'admin');
    await open(page, `/management/type=check-works/${ACTIVITY}`);
    const works = page.getByRole('table', { name: '评审中的作品' });
    await works.getByRole('row', { name: /秋天的雨/ }).waitFor();
    await expectAxeClean(page);
    await open(page, `/management/type=check-person/${ACTIVITY}`);
    const persons = page.getByRole('table', { name: '评审人员名单' });
    await persons.getByRole('row', { name: /刘雅琴.*校级/ }).waitFor();
    await persons.getByRole('row', { name: /郑国栋.*市级/ }).waitFor();
    await expectAxeClean(page);
    await context.close();
  });
});
