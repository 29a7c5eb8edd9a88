/**
 * What a school or district administrator reads by id outside the back-office lists: unpublished
 * lessons and their videos, teachers' tool documents and uploaded files reach as far as their writes
 * do (their organisation subtree); elsewhere an unpublished lesson or a document answers exactly as a
 * missing one. Published lessons stay readable to everyone. Seeded lesson ids cannot be counted through.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness, type Answer } from './harness.js';
import { fileBytes, uploadWhole } from './filesKit.js';
import { lessonBody } from './lessonHelpers.js';

const L = '/cloudSchool/v1/cloudLesson';
const W = '/business/v1/whiteboardResource';
const TEACHER = '100000000000000001'; // 王晓明, 南湖区实验小学 (330102001001)
const TEACHER2 = '100000000000000009'; // 吴海峰, sc-07 of another district

const h = useHarness();
let admin: string;
let district: string;
let school: string;

beforeAll(async () => {
  [admin, district, school] = (await Promise.all(['admin', 'districtadmin', 'schooladmin'].map((u) => h.token(u)))) as [string, string, string];
});

/** An answer without the id it names, to compare a hidden record's answer with a missing one's. */
const shape = (a: Answer, id: string) => `${a.http} ${a.status} ${String(a.message).replace(id, '<id>')} ${JSON.stringify(a.data)}`;

async function unpublishedLessonOf(schoolId: string): Promise<string> {
  const [row] = await h.query<{ id: string }>(`SELECT id FROM lessons WHERE school_id = $1 AND live_flag = 0 ORDER BY id LIMIT 1`, [schoolId]);
  expect(row, `a seeded lesson of ${schoolId}`).toBeDefined();
  await h.query(`UPDATE lessons SET publish_status = 0 WHERE id = $1`, [row!.id]);
  return row!.id;
}

describe('unpublished lessons by id', () => {
  it('are read by an administrator within their subtree only; elsewhere they answer as missing lessons', async () => {
    const theirs = await unpublishedLessonOf('sc-07');
    const ours = await unpublishedLessonOf('sc-01');
    const reads = (id: string) => [
      ['getById', (token: string) => h.call('GET', `${L}/getById?lessonId=${id}`, { token })],
      ['getResourceVideo', (token: string) => h.call('GET', `${L}/getResourceVideo?lessonId=${id}`, { token })],
      ['getRelatedLessonPage', (token: string) => h.call('POST', `${L}/getRelatedLessonPage`, { token, body: { lessonId: id } })],
    ] as const;
    const missing = reads('ls-0000-missing');
    for (const [i, [name, read]] of reads(theirs).entries()) {
      for (const [who, token] of [['districtadmin', district], ['schooladmin', school]] as const) {
        const answer = await read(token);
        expect(`${name} ${who} ${shape(answer, theirs)}`).toBe(`${name} ${who} ${shape(await missing[i]![1](token), 'ls-0000-missing')}`);
        expect(answer.http).toBe(404);
      }
      expect((await read(admin)).status, `${name} city admin`).toBe(200);
    }
    for (const [name, read] of reads(ours)) expect((await read(district)).status, `${name} districtadmin, own district`).toBe(200);
    expect((await h.call('GET', `${L}/getById?lessonId=${ours}`, { token: school })).http, 'schooladmin, a school of the district').toBe(404);
    // A write refused for reach names the id sent, not the title of a lesson the caller may not read.
    const [{ title }] = (await h.query<{ title: string }>(`SELECT title FROM lessons WHERE id = $1`, [theirs])) as [{ title: string }];
    const publish = await h.call('POST', `${L}/publishLesson`, { token: district, body: { lessonIds: [theirs] } });
    expect([publish.http, publish.message]).toEqual([403, `课程 ${theirs} 不在您的管理范围内`]);
    expect(publish.message).not.toContain(title);

    // Published, the other district's lesson is everyone's again.
    await h.query(`UPDATE lessons SET publish_status = 1 WHERE id = ANY($1)`, [[theirs, ours]]);
    expect((await h.call('GET', `${L}/getById?lessonId=${theirs}`, { token: district })).status).toBe(200);
    expect((await h.call('GET', `${L}/getResourceVideo?lessonId=${theirs}`, { token: school })).status).toBe(200);
  });

  it('cannot be counted through: the seeded catalogue has no sequential ids', async () => {
    const tried = Array.from({ length: 60 }, (_, i) => `ls-${String(i + 1).padStart(4, '0')}`);
    const answers = await Promise.all(tried.map((id) => h.call('GET', `${L}/getById?lessonId=${id}`, { token: admin })));
    expect(answers.filter((a) => a.status !== 404).length).toBe(0);
    const ids = (await h.query<{ id: string }>(`SELECT id FROM lessons`)).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(240);
    for (const id of ids) expect(id).toMatch(/[0-9a-f]{16}$/);
  });
});

describe('tool documents by id', () => {
  it('are read by an administrator when their owner is within the subtree; elsewhere they answer as missing', async () => {
    const now = Date.now();
    const put = async (id: string, ownerId: string) =>
      h.query(
        `INSERT INTO whiteboard_resources (id, owner_id, tool, business_type, title, file_info_id, data_size, created_at, updated_at)
         VALUES ($1, $2, 'mindMap', 'MIND_MAPPING', '导图', 999999, 10, $3, $3)`,
        [id, ownerId, now],
      );
    await put('wb-scope-theirs', TEACHER2);
    await put('wb-scope-ours', TEACHER);
    for (const token of [district, school]) {
      for (const suffix of ['', '/document']) {
        const answer = await h.call('GET', `${W}/wb-scope-theirs${suffix}`, { token });
        expect(shape(answer, 'wb-scope-theirs')).toBe(shape(await h.call('GET', `${W}/wb-scope-missing${suffix}`, { token }), 'wb-scope-missing'));
        expect(answer.http).toBe(404);
      }
      expect((await h.call('GET', `${W}/wb-scope-ours`, { token })).data).toMatchObject({ businessWhiteboardResourceId: 'wb-scope-ours', ownerId: TEACHER });
    }
    expect((await h.call('GET', `${W}/wb-scope-theirs`, { token: admin })).status).toBe(200);
  });
});

describe('uploaded files attached by id', () => {
  it('an administrator attaches files uploaded within their subtree only, another district’s as a missing file', async () => {
    const uploaded = async (username: string) => {
      const answer = await uploadWhole(h, await h.token(username), fileBytes(2048 + username.length, 'png'), `${username}封面.png`, 10 * 1024 * 1024);
      expect(answer.status, answer.message).toBe(200);
      return String(answer.data.fileInfoId);
    };
    const [theirs, ours] = [await uploaded('teacher2'), await uploaded('teacher')];
    const save = async (token: string, coverFileId: string) => h.call('POST', `${L}/save`, { token, body: await lessonBody(h, { title: '封面测试', coverFileId }) });
    const refused = await save(district, theirs);
    expect([refused.http, refused.data]).toEqual([404, { field: 'coverFileId' }]);
    expect(refused.message).toBe(`参数 coverFileId 对应的文件不存在，或不是你上传的：${theirs}`);
    expect((await save(district, ours)).status).toBe(200);
    expect((await save(admin, theirs)).status).toBe(200);
  });
});
