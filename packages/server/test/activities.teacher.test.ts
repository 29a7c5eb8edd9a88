/**
 * The teacher's and the public side of the activities: the demo activities a first start shows, who
 * may see which activity (the organiser's subtree: another district's or school's activity is 404 to
 * a teacher outside it), students and parents refused with 4030001, the teacher's own sign-ups, the
 * reminders, the curriculum choices of activitySubject and the organiser's works list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import { activityPhase, type ActivityDetail, type ActivityReminder, type ActivitySummary, type Page } from '@dscloud/sdk/activities';
import { useHarness } from './harness.js';
import { A, DAY, S, published, publishable } from './activityHelpers.js';

const h = useHarness();
const tokens: Record<string, string> = {};
const TEACHER2_ID = '100000000000000009';

beforeAll(async () => {
  for (const name of ['admin', 'districtadmin', 'schooladmin', 'teacher', 'teacher2', 'student', 'parent']) tokens[name] = await h.token(name);
});

const ids = (page: Page<ActivitySummary>) => page.rows.map((r) => r.activityId);
const allPage = async (who: string) => (await h.call<Page<ActivitySummary>>('POST', `${A}/teacher/all/page`, { token: tokens[who], body: { pageSize: 100 } })).data;

describe('the demo activities', () => {
  it('shows one activity in its sign-up window and one uploading, with the demo teachers signed up', async () => {
    const list = (await h.call<Page<ActivitySummary>>('GET', `${A}/publish/list?orgId=330100000000&pageSize=100`)).data;
    const signUp = list.rows.find((r) => r.activityId === 'ac-demo-signup')!;
    const upload = list.rows.find((r) => r.activityId === 'ac-demo-upload')!;
    expect(signUp).toMatchObject({ phase: 'signUp', orgName: '东山市教育局', signUpCount: 2 });
    expect(upload).toMatchObject({ phase: 'upload', signUpCount: 2 });
    const detail = (await h.call<ActivityDetail>('GET', `${A}/teacher/detail/ac-demo-upload`, { token: tokens.teacher })).data;
    expect(detail.mySignUp).toMatchObject({ realName: '王晓明', schoolName: '东山市南湖区实验小学', districtName: '南湖区教育局', stage: 2, subjectCode: 213 });
    // The third node is claimed by the demo works (activityWorks/demoWorks.ts) for the draft that fails the format review.
    expect(detail.mySignUp!.nodes.map((n) => n.pathNames.join(' / '))).toEqual([
      '语文 三年级上册 / 第一单元 / 1 大青树下的小学',
      '语文 三年级上册 / 第一单元 / 2 花的学校',
      '语文 三年级上册 / 第一单元 / 3 不懂就要问',
    ]);
  });

  it('gives each demo activity its own drawn cover, a small JPEG the server serves', async () => {
    const list = (await h.call<Page<ActivitySummary>>('GET', `${A}/publish/list?orgId=330100000000&pageSize=100`)).data;
    const covers = ['ac-demo-signup', 'ac-demo-upload'].map((id) => list.rows.find((r) => r.activityId === id)!.coverUrl);
    expect(new Set(covers).size).toBe(2);
    for (const url of covers) {
      expect(url).toMatch(/^\/static\/seed\/banners\/activity-/);
      const res = await fetch(`${h.base}${url}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      expect(bytes.length).toBeLessThan(80 * 1024);
    }
  });

  it('keeps node occupancy equal to the active claims', async () => {
    const mismatched = await h.query(`
      SELECT o.activity_id, o.node_id FROM activity_node_occupancy o
      LEFT JOIN (SELECT activity_id, node_id, count(*) AS n FROM activity_sign_up_nodes WHERE status = 1 GROUP BY activity_id, node_id) c
        ON c.activity_id = o.activity_id AND c.node_id = o.node_id
      WHERE COALESCE(c.n, 0) <> o.taken`);
    expect(mismatched).toEqual([]);
    expect((await h.query(`SELECT count(*)::int AS n FROM activity_node_occupancy WHERE activity_id LIKE 'ac-demo-%'`))[0]).toEqual({ n: 6 });
  });
});

describe('who sees which activity', () => {
  let eastLake: ActivityDetail;
  let school: ActivityDetail;
  let draftId: string;

  beforeAll(async () => {
    eastLake = await published(h, tokens.admin!, publishable(Date.now(), { name: '东湖区初中数学优课', orgId: '330104000000', reviewLevels: [1, 2], scope: [{ stage: 3, subjectCode: 314, editionId: null, bookId: null }] }));
    school = await published(h, tokens.schooladmin!, publishable(Date.now(), { name: '南湖实小校本微课', reviewLevels: [1], scope: [{ stage: 2, subjectCode: 213, editionId: null, bookId: null }] }));
    draftId = (await h.call('POST', `${A}/save`, { token: tokens.admin, body: { name: '未发布的活动', activitySystem: 1 } })).data.activityId;
  });

  it('lists for a teacher what their chain organises, and answers 404 for the rest', async () => {
    const mine = ids(await allPage('teacher'));
    expect(mine).toEqual(expect.arrayContaining(['ac-demo-signup', school.activityId]));
    expect(mine).not.toContain(eastLake.activityId);
    expect(mine).not.toContain(draftId);
    const other = ids(await allPage('teacher2'));
    expect(other).toContain(eastLake.activityId);
    expect(other).not.toContain(school.activityId);

    for (const [who, id] of [['teacher', eastLake.activityId], ['teacher2', school.activityId], ['teacher', draftId], ['teacher', 'ac-nothing']] as const) {
      const answer = await h.call('GET', `${A}/teacher/detail/${id}`, { token: tokens[who] });
      expect([who, answer.http, answer.status]).toEqual([who, 404, Codes.NOT_FOUND]);
    }
    const seen = await h.call<ActivityDetail>('GET', `${A}/teacher/detail/${eastLake.activityId}`, { token: tokens.teacher2 });
    expect(seen.data).toMatchObject({ activityId: eastLake.activityId, mySignUp: null });
  });

  it('gives a school’s public list its own and its chain’s activities, not another district’s', async () => {
    const list = ids((await h.call<Page<ActivitySummary>>('GET', `${A}/publish/list?orgId=330102001001&pageSize=100`)).data);
    expect(list).toEqual(expect.arrayContaining(['ac-demo-signup', school.activityId]));
    expect(list).not.toContain(eastLake.activityId);
    // A district's list also holds what its schools run.
    expect(ids((await h.call<Page<ActivitySummary>>('GET', `${A}/publish/list?orgId=330102000000&pageSize=100`)).data)).toContain(school.activityId);
    const signUpOnly = (await h.call<Page<ActivitySummary>>('GET', `${A}/publish/list?phase=upload&pageSize=100`)).data;
    expect(signUpOnly.rows.length).toBeGreaterThan(0);
    expect(signUpOnly.rows.every((r) => r.phase === 'upload')).toBe(true);
  });

  it('tells students and parents that only teachers take part, on every teacher and subject call', async () => {
    const calls: Array<[string, string, object?]> = [
      ['GET', `${A}/teacher/detail/ac-demo-signup`],
      ['POST', `${A}/teacher/all/page`, {}],
      ['POST', `${A}/teacher/signUp/page`, {}],
      ['GET', `${A}/menu/remind`],
      ['GET', `${S}/stage/2`],
      ['POST', `${S}/subject/list`, { stage: 2 }],
      ['POST', `${S}/choose/subject/edition`, { activityId: 'ac-demo-signup' }],
    ];
    for (const who of ['student', 'parent']) {
      for (const [method, url, body] of calls) {
        const answer = await h.call(method, url, { token: tokens[who], body });
        expect([url, answer.http, answer.status, answer.message]).toEqual([url, 403, Codes.USER_FORBIDDEN, '仅教师可以参与征集活动']);
      }
    }
    expect((await h.call('GET', `${A}/menu/remind`)).status).toBe(Codes.TOKEN_NOT_FOUND);
  });

  it('lists the activities a teacher signed up for, with their own works counted', async () => {
    const page = (await h.call<Page<ActivitySummary & { signUpId: string; workCount: number }>>('POST', `${A}/teacher/signUp/page`, { token: tokens.teacher, body: {} })).data;
    expect(page.rows.map((r) => [r.activityId, r.signUpId])).toEqual(
      expect.arrayContaining([
        ['ac-demo-signup', 'su-demo-signup-t1'],
        ['ac-demo-upload', 'su-demo-upload-t1'],
      ]),
    );
    expect(page.rows.every((r) => typeof r.workCount === 'number')).toBe(true);
  });

  it('reminds a teacher of a sign-up closing within three days until they sign up', async () => {
    const now = Date.now();
    const closing = await published(h, tokens.admin!, publishable(now, { name: '即将截止报名的活动', signUpEndTime: now + 2 * DAY }));
    const later = await published(h, tokens.admin!, publishable(now, { name: '报名还早的活动', signUpEndTime: now + 6 * DAY, uploadEndTime: now + 10 * DAY }));
    const remind = async (who: string) => (await h.call<ActivityReminder[]>('GET', `${A}/menu/remind`, { token: tokens[who] })).data;
    const before = await remind('teacher2');
    expect(before).toContainEqual({ activityId: closing.activityId, activityName: '即将截止报名的活动', kind: 'signUpClosing', deadline: now + 2 * DAY, count: 0 });
    expect(before.map((r) => r.activityId)).not.toContain(later.activityId);
    await h.query(
      `INSERT INTO activity_sign_ups (id, activity_id, user_id, real_name, school_id, stage, subject_code, created_at, updated_at) VALUES ('su-t-remind', $1, $2, '吴海峰', 'sc-07', 3, 314, 0, 0)`,
      [closing.activityId, TEACHER2_ID],
    );
    expect((await remind('teacher2')).map((r) => r.activityId)).not.toContain(closing.activityId);
    expect((await remind('teacher')).map((r) => r.activityId)).toContain(closing.activityId);
  });
});

describe('activitySubject', () => {
  it('answers the curriculum choices of a stage, subject and edition', async () => {
    const t = tokens.admin;
    expect((await h.call('GET', `${S}/stage/2`, { token: t })).data).toEqual([
      { subjectCode: 213, subjectName: '语文' },
      { subjectCode: 214, subjectName: '数学' },
    ]);
    expect((await h.call('POST', `${S}/subject/list`, { token: tokens.teacher, body: { stage: 3 } })).data.map((s: { subjectName: string }) => s.subjectName)).toContain('数学');
    expect((await h.call('POST', `${S}/edition/list`, { token: t, body: { stage: 2, subjectCode: 214 } })).data).toEqual([{ editionId: 'ed-renjiao', editionName: '人教版' }]);
    expect((await h.call('POST', `${S}/edition/page`, { token: t, body: { stage: 2, subjectCode: 214, pageSize: 5 } })).data).toEqual({ rows: [{ editionId: 'ed-renjiao', editionName: '人教版' }], total: 1, pageNum: 1, pageSize: 5 });
    const books = (await h.call('POST', `${S}/edition/book/list`, { token: t, body: { editionId: 'ed-renjiao', stage: 2, subjectCode: 214 } })).data;
    expect(books).toHaveLength(12);
    expect(books[4]).toEqual({ bookId: 'bk-214-3a', bookName: '数学 三年级上册', grade: 3, gradeName: '三年级', term: 1, termName: '上册' });
    const bad = await h.call('POST', `${S}/edition/list`, { token: t, body: { stage: 2 } });
    expect([bad.status, bad.data]).toEqual([Codes.MISSING_PARAMETER, { field: 'subjectCode' }]);
  });

  it('answers an activity’s scope to its teachers and organisers, 404 to others', async () => {
    const scope = (await h.call('POST', `${S}/choose/subject/edition`, { token: tokens.teacher, body: { activityId: 'ac-demo-upload' } })).data;
    expect(scope[0]).toMatchObject({ stage: 2, stageName: '小学', subjectCode: 213, subjectName: '语文', editionName: '统编版', bookName: '语文 三年级上册' });
    const eastLake = await published(h, tokens.admin!, publishable(Date.now(), { name: '东湖区活动', orgId: '330104000000', reviewLevels: [1] }));
    const choose = async (who: string) => (await h.call('POST', `${S}/choose/subject/edition`, { token: tokens[who], body: { activityId: eastLake.activityId } })).status;
    expect([await choose('teacher'), await choose('districtadmin'), await choose('teacher2'), await choose('admin')]).toEqual([404, 404, 200, 200]);
  });
});

describe('works/query/list', () => {
  it('lists an activity’s submitted works for its organisers, drafts only when asked, and refuses others', async () => {
    const insertWork = (id: string, node: string, signUp: string, status: number, title: string) =>
      h.query(
        `INSERT INTO activity_works (id, activity_id, sign_up_id, sign_up_node_id, node_id, user_id, school_id, title, submit_status, review_state, review_level, submitted_at, created_at, updated_at)
         SELECT $1, 'ac-demo-upload', $2, n.id, n.node_id, n.user_id, s.school_id, $3, $4, $5, $6, $7, 1, 1 FROM activity_sign_up_nodes n JOIN activity_sign_ups s ON s.id = n.sign_up_id WHERE n.id = $8`,
        [id, signUp, title, status, status === 1 ? 1 : 0, status === 1 ? 1 : null, status === 1 ? Date.now() : null, node],
      );
    await insertWork('wk-t-1', 'sn-demo-upload-t2-1', 'su-demo-upload-t2', 1, '正数和负数（说课）');
    await insertWork('wk-t-2', 'sn-demo-upload-t1-2', 'su-demo-upload-t1', 0, '花的学校（草稿）');
    const list = async (body: object, token = tokens.admin) => h.call<Page<{ lessonId: string; teacherName: string; nodeName: string; schoolName: string; submitStatus: number }>>('POST', `${A}/works/query/list`, { token, body: { activityId: 'ac-demo-upload', ...body } });
    const submitted = (await list({})).data.rows.filter((r) => r.lessonId.startsWith('wk-t-'));
    expect(submitted).toEqual([expect.objectContaining({ lessonId: 'wk-t-1', teacherName: '吴海峰', nodeName: '1.2 有理数', schoolName: expect.stringContaining('第八中学'), submitStatus: 1 })]);
    expect((await list({ submitStatus: 0 })).data.rows.map((r) => r.lessonId)).toContain('wk-t-2');
    expect((await list({ keyword: '吴海峰' })).data.rows.map((r) => r.lessonId)).toContain('wk-t-1');
    expect((await list({ schoolId: '330102001001' })).data.rows.map((r) => r.lessonId)).not.toContain('wk-t-1');
    expect((await list({}, tokens.districtadmin)).status).toBe(Codes.FORBIDDEN);
    expect((await h.call('POST', `${A}/works/query/list`, { token: tokens.admin, body: {} })).data).toEqual({ field: 'activityId' });
  });
});

it('computes the same phase in the database filter as the SDK', async () => {
  // Every phase of every activity the lists hold agrees with activityPhase on its windows.
  const list = (await h.call<Page<ActivitySummary>>('POST', `${A}/page`, { token: tokens.admin, body: { pageSize: 100 } })).data;
  for (const row of list.rows) {
    expect(row.phase).toBe(activityPhase(row, Date.now()).phase);
    const filtered = (await h.call<Page<ActivitySummary>>('POST', `${A}/page`, { token: tokens.admin, body: { pageSize: 100, phase: row.phase } })).data;
    expect(ids(filtered)).toContain(row.activityId);
  }
});

it('moves the demo windows along by whole days on a later start, adding nothing twice', async () => {
  const { seedDemoActivities } = await import('../src/activities/demoSeed.js');
  const windows = async () => h.query<{ id: string; s: string }>(`SELECT id, sign_up_start_at::text AS s FROM activities WHERE id LIKE 'ac-demo-%' ORDER BY id`);
  const counts = async () => h.query(`SELECT (SELECT count(*)::int FROM activity_sign_ups WHERE activity_id LIKE 'ac-demo-%') AS s, (SELECT count(*)::int FROM activity_sign_up_nodes WHERE activity_id LIKE 'ac-demo-%') AS n`);
  const before = await windows();
  const claims = await counts();
  await seedDemoActivities(h.db.orm, Date.now() + 3 * DAY);
  const after = await windows();
  expect(after.map((r, i) => Number(r.s) - Number(before[i]!.s))).toEqual([3 * DAY, 3 * DAY]);
  expect(await counts()).toEqual(claims);
});
