/**
 * The rules of the organiser's activity calls: every bad input answered with the catalogue code and
 * a Chinese message naming the field, with nothing stored changed; every illegal status transition
 * refused with 409 naming both states; and what an edit may still change once the activity is
 * published and teachers signed up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import type { ActivityDetail } from '@dscloud/sdk/activities';
import { useHarness } from './harness.js';
import { A, DAY, HOUR, create, publishable, published, setStatus } from './activityHelpers.js';

const h = useHarness();
let admin: string;
let district: string;
let school: string;

beforeAll(async () => {
  admin = await h.token('admin');
  district = await h.token('districtadmin');
  school = await h.token('schooladmin');
});

/** Every stored activity row and scope row, to prove a refused call changed nothing. */
const everything = async () => JSON.stringify([await h.query('SELECT * FROM activities ORDER BY id'), await h.query('SELECT * FROM activity_scopes ORDER BY activity_id, sort')]);

async function refused(url: string, token: string, body: unknown, code: number, field: string, words: string) {
  const before = await everything();
  const answer = await h.call('POST', url, { token, body });
  expect([answer.status, answer.data?.field], `${url} ${JSON.stringify(body).slice(0, 120)} → ${answer.message}`).toEqual([code, field]);
  expect(answer.message).toContain(words);
  expect(await everything()).toBe(before);
}

const signUp = (activityId: string, id = `su-${activityId}`) =>
  h.query(
    `INSERT INTO activity_sign_ups (id, activity_id, user_id, real_name, school_id, stage, subject_code, created_at, updated_at) VALUES ($1, $2, '100000000000000009', '吴海峰', 'sc-07', 3, 314, 0, 0)`,
    [id, activityId],
  );

describe('save: every field checked', () => {
  const body = (extra: object) => ({ name: '校验用活动', activitySystem: 1, ...extra });
  const cases: Array<[string, string, object, number, string, string]> = [
    ['no name', 'admin', { activitySystem: 1 }, Codes.MISSING_PARAMETER, 'name', '缺少参数：name'],
    ['blank name', 'admin', body({ name: '   ' }), Codes.BAD_REQUEST, 'name', '活动名称'],
    ['long name', 'admin', body({ name: '长'.repeat(101) }), Codes.BAD_REQUEST, 'name', '100'],
    ['no system', 'admin', { name: 'x' }, Codes.MISSING_PARAMETER, 'activitySystem', 'activitySystem'],
    ['unknown system', 'admin', body({ activitySystem: 9 }), Codes.BAD_REQUEST, 'activitySystem', 'activitySystem'],
    ['script cover', 'admin', body({ coverUrl: 'javascript:alert(1)' }), Codes.BAD_REQUEST, 'coverUrl', '封面'],
    ['window pair reversed', 'admin', body({ signUpStartTime: 2e12, signUpEndTime: 1e12 }), Codes.BAD_REQUEST, 'signUpEndTime', '须晚于报名开始时间'],
    ['window as text', 'admin', body({ uploadStartTime: '明天' }), Codes.BAD_REQUEST, 'uploadStartTime', 'uploadStartTime'],
    ['district uses the city level', 'districtadmin', body({ reviewLevels: [1, 2, 3] }), Codes.BAD_REQUEST, 'reviewLevels[2]', '不能使用「市级」'],
    ['school uses the district level', 'schooladmin', body({ reviewLevels: [2] }), Codes.BAD_REQUEST, 'reviewLevels[0]', '校级主办的活动不能使用「区级」'],
    ['level twice', 'admin', body({ reviewLevels: [1, 1] }), Codes.BAD_REQUEST, 'reviewLevels[1]', '重复'],
    ['levels out of order', 'admin', body({ reviewLevels: [3, 1] }), Codes.BAD_REQUEST, 'reviewLevels[1]', '顺序'],
    ['unknown level', 'admin', body({ reviewLevels: [4] }), Codes.BAD_REQUEST, 'reviewLevels[0]', 'reviewLevels[0]'],
    ['subject not of the stage', 'admin', body({ scope: [{ stage: 2, subjectCode: 314 }] }), Codes.BAD_REQUEST, 'scope[0].subjectCode', '课程目录中不存在'],
    ['edition not of the subject', 'admin', body({ scope: [{ stage: 2, subjectCode: 214, editionId: 'ed-tongbian' }] }), Codes.BAD_REQUEST, 'scope[0].editionId', '没有教材版本'],
    ['book of another edition', 'admin', body({ scope: [{ stage: 2, subjectCode: 214, editionId: 'ed-renjiao', bookId: 'bk-213-3a' }] }), Codes.BAD_REQUEST, 'scope[0].bookId', '没有册次'],
    ['book without edition', 'admin', body({ scope: [{ stage: 2, subjectCode: 214, bookId: 'bk-214-3a' }] }), Codes.BAD_REQUEST, 'scope[0].editionId', '须同时指定版本'],
    ['scope twice', 'admin', body({ scope: [{ stage: 2, subjectCode: 214 }, { stage: 2, subjectCode: 214, editionId: null }] }), Codes.BAD_REQUEST, 'scope[1]', '重复'],
    ['scope without stage', 'admin', body({ scope: [{ subjectCode: 214 }] }), Codes.MISSING_PARAMETER, 'scope[0].stage', 'scope[0].stage'],
    ['no nodes per teacher', 'admin', body({ rules: { nodesPerTeacher: 0, teachersPerNode: 1 } }), Codes.BAD_REQUEST, 'rules.nodesPerTeacher', '不能小于 1'],
    ['absurd teachers per node', 'admin', body({ rules: { nodesPerTeacher: 1, teachersPerNode: 5000 } }), Codes.BAD_REQUEST, 'rules.teachersPerNode', '不能大于 100'],
    ['fractional rule', 'admin', body({ rules: { nodesPerTeacher: 1.5, teachersPerNode: 1 } }), Codes.BAD_REQUEST, 'rules.nodesPerTeacher', '整数'],
    ['video as a document', 'admin', body({ packageTemplate: [{ item: 1, required: true, fileCategories: [5] }] }), Codes.BAD_REQUEST, 'packageTemplate[0].fileCategories', '只能是视频文件'],
    ['item twice', 'admin', body({ packageTemplate: [{ item: 2, required: true, fileCategories: [5] }, { item: 2, required: false, fileCategories: [5] }] }), Codes.BAD_REQUEST, 'packageTemplate[1].item', '重复'],
    ['durations reversed', 'admin', body({ videoRules: { minDurationSeconds: 900, maxDurationSeconds: 600 } }), Codes.BAD_REQUEST, 'videoRules.maxDurationSeconds', '最长时长'],
    ['unknown organiser', 'admin', body({ orgId: 'no-such-org' }), Codes.BAD_REQUEST, 'orgId', '主办单位'],
    ['class as organiser', 'admin', body({ orgId: '330102001001301', reviewLevels: [] }), Codes.BAD_REQUEST, 'orgId', '须为市、区教育局或学校'],
    ['another district', 'districtadmin', body({ orgId: '330104000000' }), Codes.FORBIDDEN, 'orgId', '不在您的管理范围内'],
    ['attachment without name', 'admin', body({ attachments: [{ fileId: '12' }] }), Codes.MISSING_PARAMETER, 'attachments[0].name', 'attachments[0].name'],
  ];
  it.each(cases)('refuses %s', async (_what, who, input, code, field, words) => {
    await refused(`${A}/save`, { admin, districtadmin: district, schooladmin: school }[who]!, input, code, field, words);
  });

  it('accepts the bounds a city organiser may use', async () => {
    const ok = await create(h, admin, { name: '边界', activitySystem: 1, reviewLevels: [1, 2, 3], rules: { nodesPerTeacher: 20, teachersPerNode: 100, allowFormatWarnings: true } });
    expect(ok.rules).toEqual({ nodesPerTeacher: 20, teachersPerNode: 100, allowFormatWarnings: true });
  });
});

describe('other calls: bad input', () => {
  let draft: ActivityDetail;
  beforeAll(async () => {
    draft = await create(h, admin, { name: '其他调用', activitySystem: 1 });
  });

  it('refuses bad edits, status changes, deletions and filters naming the field', async () => {
    await refused(`${A}/edit`, admin, { name: 'x', version: 1 }, Codes.MISSING_PARAMETER, 'activityId', 'activityId');
    await refused(`${A}/edit`, admin, { activityId: draft.activityId, name: 'x' }, Codes.MISSING_PARAMETER, 'version', 'version');
    await refused(`${A}/edit`, admin, { activityId: 'ac-none', version: 1 }, Codes.NOT_FOUND, 'activityId', '活动不存在');
    await refused(`${A}/edit`, admin, { activityId: draft.activityId, version: 1, reviewLevels: [2, 2] }, Codes.BAD_REQUEST, 'reviewLevels[1]', '重复');
    await refused(`${A}/edit`, admin, { activityId: draft.activityId, version: 1, orgId: '330104000000', reviewLevels: [3] }, Codes.BAD_REQUEST, 'reviewLevels[0]', '区级主办的活动不能使用「市级」');
    await refused(`${A}/set/status`, admin, { activityId: draft.activityId, version: 1, status: 5 }, Codes.BAD_REQUEST, 'status', 'status');
    await refused(`${A}/set/status`, admin, { activityId: draft.activityId, status: 1 }, Codes.MISSING_PARAMETER, 'version', 'version');
    await refused(`${A}/set/status`, admin, { activityId: draft.activityId, version: 7, status: 1 }, Codes.CONFLICT, 'version', '当前版本 1');
    await refused(`${A}/batch/delete`, admin, { activityIds: [] }, Codes.BAD_REQUEST, 'activityIds', '至少需要 1 项');
    await refused(`${A}/batch/delete`, admin, { activityIds: [draft.activityId, 'ac-none'] }, Codes.NOT_FOUND, 'activityIds', 'ac-none');
    await refused(`${A}/batch/delete`, district, { activityIds: [draft.activityId] }, Codes.FORBIDDEN, 'activityIds', '不在您的管理范围内');
    await refused(`${A}/page`, admin, { phase: 'later' }, Codes.BAD_REQUEST, 'phase', 'phase');
    await refused(`${A}/page`, admin, { pageSize: 1000 }, Codes.BAD_REQUEST, 'pageSize', '不能大于 100');
    const detail = await h.call('GET', `${A}/detail/bad%20id`, { token: admin });
    expect([detail.status, detail.data]).toEqual([Codes.BAD_REQUEST, { field: 'id' }]);
    const list = await h.call('GET', `${A}/publish/list?pageNum=0`);
    expect([list.status, list.data]).toEqual([Codes.BAD_REQUEST, { field: 'pageNum' }]);
  });
});

describe('status machine', () => {
  it('refuses every illegal transition with 409 naming both states', async () => {
    const draft = await create(h, admin, publishable(Date.now()));
    const illegal = async (a: { activityId: string; version: number }, to: number, from: string, toName: string) => {
      const before = await everything();
      const answer = await setStatus(h, admin, a, to);
      expect([answer.http, answer.status, answer.data]).toEqual([409, Codes.CONFLICT, { field: 'status' }]);
      expect(answer.message).toContain(`不能从「${from}」改为「${toName}」`);
      expect(await everything()).toBe(before);
    };
    await illegal(draft, 0, '草稿', '草稿');
    await illegal(draft, 2, '草稿', '已撤回');
    const pub = (await setStatus(h, admin, draft, 1)).data;
    await illegal(pub, 1, '已发布', '已发布');
    await illegal(pub, 0, '已发布', '草稿');
    const withdrawn = (await setStatus(h, admin, pub, 2)).data;
    await illegal(withdrawn, 2, '已撤回', '已撤回');
    // withdrawn → draft only while nobody signed up; withdrawn → published always.
    await signUp(draft.activityId);
    await illegal(withdrawn, 0, '已撤回', '草稿');
    const again = await setStatus(h, admin, withdrawn, 1);
    expect(again.data).toMatchObject({ status: 1, phase: 'signUp', version: withdrawn.version + 1 });
  });

  it('takes a withdrawn activity nobody joined back to draft', async () => {
    const pub = await published(h, admin, publishable(Date.now()));
    const withdrawn = (await setStatus(h, admin, pub, 2)).data;
    expect((await setStatus(h, admin, withdrawn, 0)).data).toMatchObject({ status: 0, phase: 'draft' });
  });
});

describe('edit rules once published', () => {
  let pub: ActivityDetail;
  const edit = (body: object) => h.call<ActivityDetail>('POST', `${A}/edit`, { token: admin, body: { activityId: pub.activityId, version: pub.version, ...body } });

  it('lets anything but the organiser change while nobody signed up, and keeps publish rules', async () => {
    pub = await published(h, admin, publishable(Date.now()));
    const levels = await edit({ reviewLevels: [2, 3], scope: [{ stage: 2, subjectCode: 213 }] });
    expect(levels.data).toMatchObject({ reviewLevels: [2, 3], version: pub.version + 1 });
    pub = levels.data;
    await refused(`${A}/edit`, admin, { activityId: pub.activityId, version: pub.version, orgId: '330102000000', reviewLevels: [1] }, Codes.CONFLICT, 'orgId', '不能更换主办单位');
    await refused(`${A}/edit`, admin, { activityId: pub.activityId, version: pub.version, scope: [] }, Codes.BAD_REQUEST, 'scope', '征集范围');
    await refused(`${A}/edit`, admin, { activityId: pub.activityId, version: pub.version, auditEndTime: null }, Codes.BAD_REQUEST, 'auditEndTime', '须保留评审截止时间');
  });

  it('after a sign-up: windows only extended, scope only grown, rules only loosened, the rest fixed', async () => {
    await signUp(pub.activityId);
    const base = { activityId: pub.activityId, version: pub.version };
    await refused(`${A}/edit`, admin, { ...base, scope: [{ stage: 2, subjectCode: 214 }] }, Codes.CONFLICT, 'scope', '只能增加');
    await refused(`${A}/edit`, admin, { ...base, signUpEndTime: pub.signUpEndTime! - HOUR }, Codes.CONFLICT, 'signUpEndTime', '只能延长');
    await refused(`${A}/edit`, admin, { ...base, signUpStartTime: Date.now() + HOUR }, Codes.CONFLICT, 'signUpStartTime', '不能再推迟');
    await refused(`${A}/edit`, admin, { ...base, reviewLevels: [3] }, Codes.CONFLICT, 'reviewLevels', '不能再修改评审级别');
    await refused(`${A}/edit`, admin, { ...base, activitySystem: 2 }, Codes.CONFLICT, 'activitySystem', '活动类型');
    await refused(`${A}/edit`, admin, { ...base, rules: { nodesPerTeacher: 1, teachersPerNode: 2 } }, Codes.CONFLICT, 'rules.nodesPerTeacher', '只能增加');
    const grown = await edit({
      name: '延期后的活动',
      scope: [{ stage: 2, subjectCode: 213 }, { stage: 3, subjectCode: 314 }],
      signUpEndTime: pub.signUpEndTime! + DAY,
      uploadEndTime: pub.uploadEndTime! + DAY,
      auditEndTime: pub.auditEndTime! + DAY,
      uploadStartTime: pub.uploadStartTime! - HOUR,
      rules: { nodesPerTeacher: 3, teachersPerNode: 3 },
    });
    expect(grown.message).toBe('成功');
    expect(grown.data).toMatchObject({ name: '延期后的活动', signUpEndTime: pub.signUpEndTime! + DAY, rules: { nodesPerTeacher: 3, teachersPerNode: 3 } });
    expect(grown.data.scope).toHaveLength(2);
    pub = grown.data;
  });

  it('refuses every edit of a withdrawn activity', async () => {
    const withdrawn = (await setStatus(h, admin, pub, 2)).data;
    await refused(`${A}/edit`, admin, { activityId: pub.activityId, version: withdrawn.version, name: '撤回后改名' }, Codes.CONFLICT, 'status', '已撤回的活动不能修改');
  });
});
