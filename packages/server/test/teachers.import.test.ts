/**
 * The Excel batch import of teacher introductions: the template, a file with a broken row (nothing
 * stored, every problem reported by row, column and reason), the fixed file (all stored), the limits
 * of the file, and the reach of a school administrator.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { count } from './lessonHelpers.js';

const T = '/cloudSchool/v1/teacherInfo';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let h: Harness;
let admin: string;
let schooladmin: string;
let researcher: string;

beforeAll(async () => {
  h = await startHarness();
  [admin, schooladmin, researcher] = (await Promise.all(['admin', 'schooladmin', 'researcher'].map((u) => h.token(u)))) as [string, string, string];
});
afterAll(async () => {
  await h?.close();
});

async function template(): Promise<Buffer> {
  const res = await fetch(`${h.base}${T}/importTemplate`, { headers: { authorization: admin } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain(XLSX);
  expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''");
  return Buffer.from(await res.arrayBuffer());
}

/** The downloaded template with these rows appended (姓名, 性别, 职称, 学校, 学段, 学科, 荣誉, 简介, 平台账号). */
async function filled(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await template()) as unknown as ArrayBuffer);
  for (const r of rows) wb.worksheets[0]!.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (body: Buffer | string, token = admin, type = XLSX) => h.call('POST', `${T}/importExcel`, { token, rawBody: body, headers: { 'content-type': type } });
const teacherCount = () => count(h, 'SELECT count(*) AS n FROM teacher_infos');

describe('teacher import template', () => {
  it('has the columns, a note row and an example row', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await template()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['姓名（必填）', '性别', '职称', '学校（必填）', '学段', '学科', '荣誉', '简介', '平台账号']);
    expect(String(ws.getRow(2).getCell(1).value)).toMatch(/^说明：/);
    expect(String(ws.getRow(3).getCell(1).value)).toMatch(/^示例：/);
    // The untouched template holds no teacher: importing it says so instead of importing the example.
    const answer = await upload(await template());
    expect([answer.http, answer.status, answer.data]).toEqual([400, 400, { field: 'file' }]);
    expect(answer.message).toContain('没有教师数据');
  });
});

describe('teacher import', () => {
  const good1 = ['陈思远', '男', '高级教师', '东山市实验小学', '小学', '语文、数学', '市级骨干教师；区优秀班主任', '从教二十年。', ''];
  const good2 = ['林静', '女', '一级教师', 'sc-06', '初中', '英语', '', '', 'teacher2'];

  it('refuses the whole file when one row is broken, naming row, column and reason, and stores nothing', async () => {
    const before = await teacherCount();
    const file = await filled([good1, ['', '未知', '', '不存在的学校', '大学', '语文', '', '', 'nobody'], good2, ['陈思远', '男', '', '东山市实验小学', '', '', '', '', '']]);
    const answer = await upload(file);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ imported: false, total: 4, importedCount: 0, teacherInfoIds: [] });
    const problems = (answer.data as { problems: { row: number; column: string; reason: string }[] }).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        { row: 5, column: '姓名', reason: '姓名不能为空' },
        { row: 5, column: '性别', reason: '性别只能填“男”或“女”，不能是“未知”' },
        { row: 5, column: '学校', reason: '找不到学校“不存在的学校”，请填写学校全称或机构编号' },
        expect.objectContaining({ row: 5, column: '学段', reason: expect.stringContaining('学段“大学”无效') }),
        { row: 5, column: '平台账号', reason: '平台账号“nobody”不存在' },
        { row: 7, column: '姓名', reason: '与第 4 行重复：东山市实验小学已有名为“陈思远”的教师' },
      ]),
    );
    expect(problems.every((p) => p.row === 5 || p.row === 7)).toBe(true);
    expect((answer.data as { rows: unknown[] }).rows).toEqual([
      { row: 4, name: '陈思远', status: 'valid' },
      { row: 5, name: '', status: 'refused' },
      { row: 6, name: '林静', status: 'valid' },
      { row: 7, name: '陈思远', status: 'refused' },
    ]);
    expect(await teacherCount()).toBe(before);
    // Nothing was imported, so nothing is in the audit log.
    expect(await h.query(`SELECT id FROM audit_log WHERE action = 'teacherInfo.import'`)).toEqual([]);
  });

  it('imports every row of a good file in one go, and refuses the same file again', async () => {
    const before = await teacherCount();
    const answer = await upload(await filled([good1, good2]));
    expect(answer.data).toMatchObject({ imported: true, total: 2, importedCount: 2, problems: [] });
    const [id1, id2] = (answer.data as { teacherInfoIds: string[] }).teacherInfoIds as [string, string];
    expect(await teacherCount()).toBe(before + 2);
    const chen = await h.call('GET', `${T}/getByTeacherId?teacherId=${id1}`);
    expect(chen.data).toMatchObject({ name: '陈思远', sex: '1', schoolId: 'sc-01', schoolName: '东山市实验小学', stage: 2, subjectCodes: [213, 214], honours: '市级骨干教师\n区优秀班主任' });
    const lin = await h.call('GET', `${T}/getByTeacherId?teacherId=${id2}`);
    expect(lin.data).toMatchObject({ name: '林静', sex: '2', schoolId: 'sc-06', stage: 3, subjectCodes: [341], userId: '100000000000000009' });
    const audit = await h.query<{ entity_id: string }>(`SELECT entity_id FROM audit_log WHERE action = 'teacherInfo.import' AND entity_id <> ''`);
    expect(audit.map((a) => a.entity_id).sort()).toEqual([id1, id2].sort());

    const again = await upload(await filled([good1]));
    expect(again.data).toMatchObject({ imported: false, problems: [{ row: 4, column: '姓名', reason: '东山市实验小学已有名为“陈思远”的教师，不重复导入' }] });
    expect(await teacherCount()).toBe(before + 2);
  });

  it('lets a school administrator import into their own school only', async () => {
    const before = await teacherCount();
    const other = await upload(await filled([['赵一', '', '', '东山市南湖区实验小学', '', '', '', '', ''], ['钱二', '', '', '东山市第八中学', '', '', '', '', '']]), schooladmin);
    expect(other.data).toMatchObject({ imported: false, problems: [{ row: 5, column: '学校', reason: '学校“东山市第八中学”不在您的管理范围内' }] });
    expect(await teacherCount()).toBe(before);
    const own = await upload(await filled([['赵一', '', '', '南湖实小', '', '', '', '', '']]), schooladmin);
    expect(own.data).toMatchObject({ imported: true, importedCount: 1 });
    expect(await teacherCount()).toBe(before + 1);
  });

  it('refuses files that are not the template, with the reason', async () => {
    const before = await teacherCount();
    const cases: Array<[Buffer | string, string, number, string]> = [
      [Buffer.from('not a workbook'), XLSX, 400, '参数 file 不是有效的 Excel 文件（.xlsx）'],
      [Buffer.alloc(0), XLSX, 400, '参数 file 是空文件'],
      [JSON.stringify({ teachers: [] }), 'application/json', 415, '参数 file：请以'],
      [Buffer.alloc(1024 * 1024 + 10, 1), XLSX, 413, '请求内容过大，请求体不能超过 1 MB'],
    ];
    for (const [body, type, status, message] of cases) {
      const answer = await upload(body as Buffer, admin, type);
      expect(`${answer.status} ${answer.message}`).toContain(`${status} ${message}`);
    }
    const noHeader = new ExcelJS.Workbook();
    noHeader.addWorksheet('x').addRow(['名字', '学校']);
    const headerless = await upload(Buffer.from(await noHeader.xlsx.writeBuffer()));
    expect(headerless.message).toBe('参数 file 第 1 行缺少列：姓名（请使用下载的模板）');
    const many = await upload(await filled(Array.from({ length: 501 }, (_, i) => [`教师${i}`, '', '', 'sc-01', '', '', '', '', ''])));
    expect([many.status, many.message]).toEqual([400, '参数 file 有 501 行教师，一次最多导入 500 行，请分批导入']);
    // Researchers read the back office but do not write.
    expect((await upload(await filled([good1]), researcher)).status).toBe(403);
    expect(await teacherCount()).toBe(before);
  });
});
