/**
 * Excel exports (opened again with exceljs: sheets, Chinese headers, rows, a formula-looking title kept
 * as typed in a text cell, the RFC 6266 name) and the high-quality works: public list and filters, the organiser's view.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { LEAF, makeTeachers, ORG, seedActivity } from './activityWorksKit.js';
import { download, seedSignUp, seedWork } from './reviewStatsKit.js';

const h = useHarness();
let admin: string;
let districtAdmin: string;
let activityId: string;
let withdrawnActivity: string;
const NAME = '2026 东山市“优课”征集';

async function workbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}
const values = (sheet: ExcelJS.Worksheet, row: number): unknown[] => (sheet.getRow(row).values as unknown[]).slice(1);

beforeAll(async () => {
  [admin, districtAdmin] = (await Promise.all(['admin', 'districtadmin'].map((u) => h.token(u)))) as [string, string];
  activityId = await seedActivity(h);
  await h.query('UPDATE activities SET name = $2 WHERE id = $1', [activityId, NAME]);
  withdrawnActivity = await seedActivity(h, { status: 2 });
  const [t1, t2] = await makeTeachers(h, 2, ORG.school);
  const s1 = await seedSignUp(h, activityId, t1!.id, ORG.school, ORG.district, 1, '张一');
  const s2 = await seedSignUp(h, activityId, t2!.id, ORG.school, ORG.district, 1, '=HYPERLINK("http://x")');
  const base = { schoolId: ORG.school, districtId: ORG.district };
  await seedWork(h, activityId, s1, { ...base, userId: t1!.id, nodeId: LEAF[0], title: '=1+1', submitStatus: 1, reviewState: 5, reviewLevel: 3 }, Date.now() - 7_200_000);
  await seedWork(h, activityId, s2, { ...base, userId: t2!.id, nodeId: LEAF[1], title: '@SUM(A1)', submitStatus: 1, reviewState: 1, reviewLevel: 1 }, Date.now() - 7_200_000);
  const s3 = await seedSignUp(h, withdrawnActivity, t1!.id, ORG.school, ORG.district, 1, '张一');
  await seedWork(h, withdrawnActivity, s3, { ...base, userId: t1!.id, nodeId: LEAF[0], title: '撤回活动的优秀作品', submitStatus: 1, reviewState: 5, reviewLevel: 3 }, Date.now());
});

describe('exports', () => {
  it('writes every statistics table as its own sheet with Chinese headers, named after the activity', async () => {
    const file = await download(h, '/cloudSchool/v1/staActivityManage/export', admin, { activityId, table: 'all' });
    expect(file.http).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const disposition = file.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^2026 东山市“优课”征集-统计报表-\d{8}\.xlsx$/);
    const book = await workbook(file.bytes);
    expect(book.worksheets.map((s) => s.name)).toEqual(['总体情况', '学科统计', '区县统计', '学校统计', '节点覆盖', '节点明细', '报名人员']);
    const total = book.getWorksheet('总体情况')!;
    expect(values(total, 1)).toEqual(['指标', '数值']);
    expect(values(total, 2)).toEqual(['报名人数', 2]);
    const persons = book.getWorksheet('报名人员')!;
    expect(values(persons, 1).slice(0, 3)).toEqual(['姓名', '手机号', '学校']);
    expect(persons.rowCount).toBe(3);
    // A name that looks like a formula stays text, as it was typed.
    const names = [values(persons, 2)[0], values(persons, 3)[0]];
    expect(names).toContain(`=HYPERLINK("http://x")`);
    const linkCell = [persons.getRow(2).getCell(1), persons.getRow(3).getCell(1)].find((c) => c.value === '=HYPERLINK("http://x")')!;
    expect(linkCell.type).toBe(ExcelJS.ValueType.String);
    expect(linkCell.formula).toBeUndefined();
    expect(names).toContain('张一');
  });

  it('exports the uploaded works per node: a title =1+1 stays text, nodes without works are listed', async () => {
    const file = await download(h, '/cloudSchool/v1/activityAuditPerson/exportUploadedWorkNode', admin, { activityId });
    expect(file.http).toBe(200);
    const sheet = (await workbook(file.bytes)).getWorksheet('节点作品')!;
    expect(values(sheet, 1)).toEqual(['学段', '学科', '章节', '节点', '作品名称', '教师', '学校', '区县', '提交状态', '评审状态', '所在评审级别', '提交时间']);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    const first = rows.find((r) => r.getCell(5).value === '=1+1')!;
    expect(first).toBeDefined();
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(5).formula).toBeUndefined();
    expect(first.getCell(4).value).toBe('我是中国人');
    expect(rows.find((r) => r.getCell(5).value === '@SUM(A1)')!.getCell(10).value).toBe('待评审');
    expect(rows.filter((r) => r.getCell(5).value === '（无作品）').length).toBeGreaterThan(0);
  });

  it('answers a refused export as the JSON envelope with its status, not a file', async () => {
    const elsewhere = await seedActivity(h, { orgId: ORG.district2 });
    const file = await download(h, '/cloudSchool/v1/staActivityManage/export', districtAdmin, { activityId: elsewhere, table: 'total' });
    expect(file.http).toBe(403);
    expect(file.headers.get('content-type')).toMatch(/json/);
    expect(JSON.parse(file.bytes.toString('utf8'))).toMatchObject({ status: 403, message: '不在您的管理范围内' });
    const bad = await download(h, '/cloudSchool/v1/staActivityManage/export', admin, { activityId, table: 'everything' });
    expect(bad.http).toBe(400);
  });

  it('exports the high-quality works and the reviewers', async () => {
    const file = await download(h, '/cloudSchool/v1/activityWork/exportHighQualityWork', admin, { activityId });
    const sheet = (await workbook(file.bytes)).getWorksheet('优秀作品')!;
    expect(values(sheet, 1).slice(0, 4)).toEqual(['作品名称', '活动', '教师', '学校']);
    expect(sheet.rowCount).toBe(2);
    expect(values(sheet, 2).slice(0, 3)).toEqual(['=1+1', NAME, '张一']);
    const reviewers = await download(h, '/cloudSchool/v1/staTeacherAudit/export', admin, { activityId });
    expect((await workbook(reviewers.bytes)).getWorksheet('评审人员进度')).toBeDefined();
    const overview = await download(h, '/cloudSchool/v1/staCollectActivityOverview/export', admin, { activityId });
    expect((await workbook(overview.bytes)).worksheets.map((s) => s.name)).toEqual(['概况（作品上传中）', '各级评审进度', '每日动态']);
  });
});

describe('high-quality works', () => {
  const HQ = '/cloudSchool/v1/activityWork';

  it('lists only high-quality works of published activities, without a token, with the filters', async () => {
    const page = await h.call('POST', `${HQ}/getHighQualityWorkPage`, { body: { activityId, pageNum: 1, pageSize: 10 } });
    expect(page.status).toBe(200);
    expect(page.data.total).toBe(1);
    expect(page.data.rows[0]).toMatchObject({
      title: '=1+1',
      activityName: NAME,
      teacherName: '张一',
      schoolName: '东山市南湖区实验小学',
      stage: 2,
      subjectCode: 213,
      subjectName: '语文',
      editionId: 'ed-tongbian',
      bookId: 'bk-213-1a',
      nodeId: LEAF[0],
      nodeName: '我是中国人',
    });
    const everywhere = await h.call('POST', `${HQ}/getHighQualityWorkPage`, { body: { keyword: '撤回活动的优秀作品' } });
    expect(everywhere.data.total).toBe(0);
    expect((await h.call('POST', `${HQ}/getHighQualityWorkStages`, { body: { activityId } })).data).toEqual([{ stage: 2, stageName: '小学' }]);
    expect((await h.call('POST', `${HQ}/getHighQualityWorkSubjects`, { body: { activityId, stage: 2 } })).data).toEqual([{ subjectCode: 213, subjectName: '语文' }]);
    expect((await h.call('POST', `${HQ}/getHighQualityWorkSubjects`, { body: { activityId, stage: 3 } })).data).toEqual([]);
    expect((await h.call('POST', `${HQ}/getHighQualityWorkEditions`, { body: { activityId, stage: 2, subjectCode: 213 } })).data).toEqual([
      { editionId: 'ed-tongbian', editionName: expect.any(String) },
    ]);
    expect((await h.call('POST', `${HQ}/getHighQualityWorkBooks`, { body: { activityId, editionId: 'ed-tongbian' } })).data).toEqual([
      { bookId: 'bk-213-1a', bookName: expect.any(String) },
    ]);
  });

  it('shows the organiser the works of their activities, and refuses an activity outside their subtree', async () => {
    const mine = await h.call('POST', `${HQ}/getManageViewHighQualityWorkPage`, { token: admin, body: { keyword: '撤回活动的优秀作品' } });
    expect(mine.data.total).toBe(1);
    const district = await h.call('POST', `${HQ}/getManageViewHighQualityWorkPage`, { token: districtAdmin, body: {} });
    expect(district.data.rows.map((r: { activityId: string }) => r.activityId)).not.toContain(activityId);
    const refused = await h.call('POST', `${HQ}/getManageViewHighQualityWorkPage`, { token: districtAdmin, body: { activityId } });
    expect(refused.http).toBe(403);
  });
});
