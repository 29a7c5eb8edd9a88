/**
 * Feedback over real calls: a signed-in user sends feedback (screenshots must be their own pictures,
 * the context only what they attached), reads only their own with the replies; the back-office reads
 * and answers the feedback of its subtree; a visitor is asked to sign in. Every refusal names the field
 * in Chinese with the feedback's catalogue code, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import type { ManagedFeedback, MyFeedback } from '@dscloud/sdk/help';
import { startHarness, type Harness } from './harness.js';
import { fileBytes, uploadWhole } from './filesKit.js';
import sharp from 'sharp';

const F = '/cloudSchool/v1/feedback';
let h: Harness;
let student: string;
let teacher2: string;
let admin: string;
let schooladmin: string;
let districtadmin: string;
let picture: string;

const stored = async () => Number((await h.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback'))[0]!.n);
const send = (token: string | undefined, body: unknown) => h.call('POST', `${F}/save`, { token, body });

beforeAll(async () => {
  h = await startHarness();
  student = await h.token('student');
  teacher2 = await h.token('teacher2');
  admin = await h.token('admin');
  schooladmin = await h.token('schooladmin');
  districtadmin = await h.token('districtadmin');
  // A real picture (a screenshot), so its thumbnail can be made.
  const screenshot = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#1677ff' } }).png().toBuffer();
  const up = await uploadWhole(h, student, screenshot, '上传卡住.png', 1024 * 1024);
  expect(up.status).toBe(200);
  picture = String(up.data.fileInfoId);
});
afterAll(async () => {
  await h?.close();
});

describe('sending feedback', () => {
  it('asks a visitor to sign in, and stores nothing', async () => {
    const answer = await send(undefined, { type: 'bug', content: '看不了' });
    expect(answer.http).toBe(401);
    expect(answer.status).toBe(Codes.TOKEN_NOT_FOUND);
    expect(await stored()).toBe(0);
  });

  it.each([
    [{ type: 'praise', content: 'x' }, 'type', Codes.FEEDBACK_TYPE_INVALID],
    [{ type: 'bug', content: '   ' }, 'content', Codes.FEEDBACK_CONTENT_INVALID],
    [{ type: 'bug', content: '长'.repeat(1001) }, 'content', Codes.FEEDBACK_CONTENT_INVALID],
    [{ type: 'bug', content: 'x', contact: '1'.repeat(51) }, 'contact', Codes.FEEDBACK_CONTACT_INVALID],
    [{ type: 'bug', content: 'x', screenshotFileIds: ['1', '2', '3', '4'] }, 'screenshotFileIds', Codes.FEEDBACK_SCREENSHOT_INVALID],
    [{ type: 'bug', content: 'x', context: { page: 'p'.repeat(501), role: '学生', browser: 'UA', errors: [] } }, 'context.page', Codes.FEEDBACK_CONTEXT_INVALID],
  ])('refuses bad input %#: the field named in Chinese with its code, nothing stored', async (body, field, code) => {
    const answer = await send(student, body);
    expect(answer.http).toBe(422);
    expect(answer.status).toBe(code);
    expect(answer.data).toEqual({ field });
    expect(answer.message).toContain(field);
    expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await stored()).toBe(0);
  });

  it('refuses a screenshot that is another user’s file or not a picture', async () => {
    const pdf = await uploadWhole(h, student, fileBytes(1024, 'pdf'), '说明.pdf', 1024 * 1024);
    const others = await send(teacher2, { type: 'bug', content: '截图', screenshotFileIds: [picture] });
    expect([others.status, others.data]).toEqual([Codes.FEEDBACK_SCREENSHOT_INVALID, { field: 'screenshotFileIds[0]' }]);
    expect(others.message).toContain('不是你上传的');
    const notPicture = await send(student, { type: 'bug', content: '截图', screenshotFileIds: [picture, String(pdf.data.fileInfoId)] });
    expect([notPicture.status, notPicture.data]).toEqual([Codes.FEEDBACK_SCREENSHOT_INVALID, { field: 'screenshotFileIds[1]' }]);
    expect(await stored()).toBe(0);
  });

  it('stores a feedback with its screenshot and the context the user attached, and the author reads it back', async () => {
    const context = {
      page: 'http://school.cn/#/learn',
      role: '学生',
      browser: 'Mozilla/5.0 Chrome/130',
      errors: [{ code: 5000007, message: '文件上传失败，请稍后重试', at: '2026-11-24T08:00:00.000Z', url: '/api/file/v1/file/block' }],
      secret: 'dropped',
    };
    const answer = await send(student, { type: 'bug', content: ' 上传作品到 99% 不动了 ', contact: '13800000000', screenshotFileIds: [picture], context });
    expect(answer.status).toBe(200);
    const [row] = await h.query<{ role: string; org_id: string; context: Record<string, unknown>; content: string }>('SELECT role, org_id, context, content FROM feedback WHERE id = $1', [answer.data.id]);
    expect(row).toMatchObject({ role: '学生', org_id: '330102001001', content: '上传作品到 99% 不动了' });
    expect(row!.context).toEqual({ page: context.page, role: '学生', browser: context.browser, errors: context.errors });

    const mine = await h.call<{ rows: MyFeedback[]; total: number }>('GET', `${F}/mine?pageNum=1&pageSize=10`, { token: student });
    expect(mine.data.total).toBe(1);
    const [first] = mine.data.rows;
    expect(first).toMatchObject({ id: answer.data.id, type: 'bug', applyStatus: 0, contact: '13800000000' });
    expect(first!.reply).toBeUndefined();
    const shot = await fetch(`${h.base}${first!.screenshots[0]!.url}`);
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toContain('image/png');
    // Lists show the screenshot's thumbnail: the same signed link with /thumb.
    expect(first!.screenshots[0]!.thumbUrl).toBe(first!.screenshots[0]!.url.replace(/(\/media\/\d+)\?/, '$1/thumb?'));
    const thumb = await fetch(`${h.base}${first!.screenshots[0]!.thumbUrl}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\/(png|jpeg)/);
  });

  it('stores no context when the user did not attach it', async () => {
    const answer = await send(teacher2, { type: 'suggestion', content: '希望增加夜间模式' });
    const [row] = await h.query<{ context: unknown; role: string }>('SELECT context, role FROM feedback WHERE id = $1', [answer.data.id]);
    expect(row).toEqual({ context: null, role: '教师' });
  });

  it('shows each user only their own feedback', async () => {
    const mine = async (token: string) => ((await h.call('GET', `${F}/mine`, { token })).data.rows as MyFeedback[]).map((r) => r.content);
    expect(await mine(student)).toEqual(['上传作品到 99% 不动了']);
    expect(await mine(teacher2)).toEqual(['希望增加夜间模式']);
    expect(await mine(admin)).toEqual([]);
  });
});

describe('the back-office', () => {
  const list = async (token: string, query = '') => (await h.call<{ rows: ManagedFeedback[]; total: number }>('GET', `${F}/list?pageNum=1&pageSize=20${query}`, { token })).data;
  const idOf = async (content: string) => (await h.query<{ id: string }>('SELECT id FROM feedback WHERE content = $1', [content]))[0]!.id;

  it('lists the feedback of the caller’s subtree with author, role, organisation and context', async () => {
    const all = await list(admin);
    expect(all.rows.map((r) => r.content)).toEqual(['希望增加夜间模式', '上传作品到 99% 不动了']);
    const fromStudent = all.rows[1]!;
    expect(fromStudent).toMatchObject({ userName: '李子涵', role: '学生', orgName: '东山市南湖区实验小学' });
    expect(fromStudent.context?.page).toBe('http://school.cn/#/learn');
    expect((await list(schooladmin)).rows.map((r) => r.content)).toEqual(['上传作品到 99% 不动了']);
    expect((await list(districtadmin)).rows.map((r) => r.content)).toEqual(['上传作品到 99% 不动了']);
  });

  it('filters by status, type, keyword and dates, and counts by status', async () => {
    expect((await list(admin, '&type=suggestion')).rows.map((r) => r.type)).toEqual(['suggestion']);
    expect((await list(admin, `&keyword=${encodeURIComponent('李子涵')}`)).total).toBe(1);
    expect((await list(admin, `&keyword=${encodeURIComponent('夜间')}`)).total).toBe(1);
    expect((await list(admin, '&applyStatus=1')).total).toBe(0);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(admin, `&from=${today}&to=${today}`)).total).toBe(2);
    expect((await list(admin, '&to=2020-01-01')).total).toBe(0);
    expect((await h.call('GET', `${F}/counts`, { token: admin })).data).toEqual({ 0: 2, 1: 0, 2: 0 });
    expect((await h.call('GET', `${F}/counts`, { token: schooladmin })).data).toEqual({ 0: 1, 1: 0, 2: 0 });
    const badDate = await h.call('GET', `${F}/list?from=2026-02-30`, { token: admin });
    expect([badDate.http, badDate.data]).toEqual([400, { field: 'from' }]);
    const badStatus = await h.call('GET', `${F}/list?applyStatus=7`, { token: admin });
    expect([badStatus.status, badStatus.data]).toEqual([Codes.FEEDBACK_STATUS_INVALID, { field: 'applyStatus' }]);
  });

  it('a reply marks the feedback 已处理 and the author sees it; another status only when asked', async () => {
    const id = await idOf('上传作品到 99% 不动了');
    const empty = await h.call('POST', `${F}/reply`, { token: schooladmin, body: { id, reply: ' ' } });
    expect([empty.status, empty.data]).toEqual([Codes.FEEDBACK_REPLY_INVALID, { field: 'reply' }]);
    const replied = await h.call<ManagedFeedback>('POST', `${F}/reply`, { token: schooladmin, body: { id, reply: '已修复，请刷新页面后重新上传。' } });
    expect(replied.status).toBe(200);
    expect(replied.data).toMatchObject({ applyStatus: 1, reply: '已修复，请刷新页面后重新上传。', userName: '李子涵' });
    const [mine] = (await h.call<{ rows: MyFeedback[] }>('GET', `${F}/mine`, { token: student })).data.rows;
    expect(mine).toMatchObject({ applyStatus: 1, reply: '已修复，请刷新页面后重新上传。' });
    expect(Date.parse(mine!.repliedAt!)).not.toBeNaN();

    const other = await idOf('希望增加夜间模式');
    const noAction = await h.call('POST', `${F}/reply`, { token: admin, body: { id: other, reply: '已记录，后续版本考虑。', applyStatus: 2 } });
    expect(noAction.data.applyStatus).toBe(2);
  });

  it('refuses a school administrator another school’s feedback by id, and nothing changes', async () => {
    const other = await idOf('希望增加夜间模式');
    const mine = await idOf('上传作品到 99% 不动了');
    const before = await h.query('SELECT id, apply_status, reply FROM feedback ORDER BY id');
    for (const [url, body] of [
      [`${F}/reply`, { id: other, reply: '越权回复' }],
      [`${F}/status`, { ids: [mine, other], applyStatus: 0 }],
    ] as const) {
      const answer = await h.call('POST', url, { token: schooladmin, body });
      expect(`${answer.http} ${answer.message}`).toBe('403 不在您的管理范围内');
    }
    const missing = await h.call('POST', `${F}/status`, { token: admin, body: { ids: [mine, 'fb-nope'], applyStatus: 0 } });
    expect([missing.http, missing.status, missing.data]).toEqual([404, Codes.FEEDBACK_NOT_FOUND, { field: 'ids' }]);
    expect(await h.query('SELECT id, apply_status, reply FROM feedback ORDER BY id')).toEqual(before);
    const student = await h.call('GET', `${F}/list`, { token: await h.token('student') });
    expect(student.http).toBe(403);
  });

  it('changes the status of several at once, counts follow, and each change is audited', async () => {
    const ids = (await h.query<{ id: string }>('SELECT id FROM feedback ORDER BY id')).map((r) => r.id);
    const bad = await h.call('POST', `${F}/status`, { token: admin, body: { ids, applyStatus: 5 } });
    expect([bad.status, bad.data]).toEqual([Codes.FEEDBACK_STATUS_INVALID, { field: 'applyStatus' }]);
    const back = await h.call('POST', `${F}/status`, { token: admin, body: { ids, applyStatus: 0 } });
    expect(back.data).toEqual({ updated: 2 });
    expect((await h.call('GET', `${F}/counts`, { token: admin })).data).toEqual({ 0: 2, 1: 0, 2: 0 });
    const again = await h.call('POST', `${F}/status`, { token: admin, body: { ids, applyStatus: 0 } });
    expect(again.data).toEqual({ updated: 0 });
    const audited = await h.query<{ action: string }>("SELECT action FROM audit_log WHERE entity = 'feedback' ORDER BY at");
    expect(audited.map((r) => r.action)).toEqual(expect.arrayContaining(['feedback.reply', 'feedback.status']));
  });
});
