/** The lesson form (上传课程 / 编辑) as a teacher fills it. */
import type { Page } from 'playwright-core';

/** Picks an option of the antd select labelled `label` (the dropdown renders outside the field). */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  // Clicked only once the dropdown has finished sliding in: a click during the motion can miss it.
  const settled = page.locator('.ant-select-dropdown:visible:not([class*="-enter"]):not([class*="-appear"])');
  await settled.locator(`.ant-select-item-option[title="${option}"]`).click();
  await page.locator('.ant-select', { has: field }).locator(`.ant-select-content[title="${option}"]`).waitFor();
}

/** The title and the curriculum every lesson needs: 小学 · 数学 · 三年级. */
export async function fillCurriculum(page: Page, title: string): Promise<void> {
  await page.getByLabel('课程名称', { exact: true }).fill(title);
  await choose(page, '学段', '小学');
  await choose(page, '学科', '数学');
  await choose(page, '年级', '三年级');
}
