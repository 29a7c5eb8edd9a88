import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signDeployTicket } from '../src/auth/deployTicket.js';
import { useHarness } from './harness.js';

const SECRET = 'deploy-secret-for-tests';
const h = useHarness({ settings: { deploySecret: SECRET } });

describe('current user', () => {
  it('describes the teacher with school, district, class and roles', async () => {
    const answer = await h.call('GET', '/base/v1/user/current', { token: await h.token('teacher') });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      identityCode: 5,
      loginName: 'teacher',
      userName: '王晓明',
      sex: '1',
      bureauName: '东山市南湖区实验小学',
      districtName: '南湖区教育局',
      className: '三年级（1）班',
      stageCode: '2',
      simplifiedSpelling: '南湖实小',
      avatarFileid: '',
      yjToken: '',
      organizationType: 3,
      parentOrgType: 2,
      parentOrgName: '南湖区教育局',
      topOrgType: 1,
      topOrgName: '东山市教育局',
    });
    expect(answer.data.baseUserId).toBeTruthy();
    expect(answer.data.bureauId).toBe(answer.data.bureauId.trim());
    expect(answer.data.roleVOList).toEqual([
      { roleCode: 'TEACHER', roleName: '教师', level: 3 },
      { roleCode: 'HEAD_TEACHER', roleName: '班主任', level: 4 },
    ]);
  });

  it('describes the city bureau admin at the top of the tree', async () => {
    const answer = await h.call('GET', '/base/v1/user/current', { token: await h.token('admin') });
    expect(answer.data).toMatchObject({
      identityCode: 5,
      userName: '陈志强',
      bureauName: '东山市教育局',
      districtId: null,
      classId: null,
      organizationType: 1,
      parentOrgId: null,
      topOrgType: 1,
      topOrgName: '东山市教育局',
      roleVOList: [{ roleCode: 'CITY_BUREAU_ADMIN', roleName: '市级管理员', level: 1 }],
    });
    expect(answer.data.topOrgId).toBe(answer.data.bureauId);
  });

  it('knows students, parents and researchers', async () => {
    const student = await h.call('GET', '/base/v1/user/current', { token: await h.token('student') });
    expect(student.data).toMatchObject({ identityCode: 6, userName: '李子涵', sex: '2' });
    const parent = await h.call('GET', '/base/v1/user/current', { token: await h.token('parent') });
    expect(parent.data.identityCode).toBe(7);
    const researcher = await h.call('GET', '/base/v1/user/current', { token: await h.token('researcher') });
    expect(researcher.data.roleVOList[0]).toMatchObject({ roleCode: 'CITY_BUREAU_RESEARCHER', level: 1 });
  });

  it('tells the auditor, and only the auditor, that they audit', async () => {
    const call = async (u: string) =>
      (await h.call('GET', '/cloudSchool/v1/activityAuditPerson/isAuditPerson', { token: await h.token(u) })).data;
    expect(await call('auditor')).toEqual({ isAuditPerson: true });
    expect(await call('teacher')).toEqual({ isAuditPerson: false });
  });
});

describe('configuration', () => {
  it('lists at least the platform area code and name without a token', async () => {
    const answer = await h.call('POST', '/base/v1/globalConfig/list');
    expect(answer.status).toBe(200);
    expect(answer.data.rows.length).toBeGreaterThanOrEqual(2);
    const byKey = Object.fromEntries(answer.data.rows.map((r: { configKey: string; configValue: string }) => [r.configKey, r.configValue]));
    expect(byKey['common.platform.areaCode']).toBe('dsideal');
    expect(byKey['common.platform.name']).toBeTruthy();
    expect(Object.keys(byKey)).toEqual(expect.arrayContaining(['common.login.rememberPassword', 'common.message.showError']));
    expect((await h.call('POST', '/base/v1/globalConfig/list', { body: {} })).status).toBe(200);
  });

  it('answers values by keys in the asked order and names a bad key', async () => {
    const answer = await h.call('POST', '/base/v1/globalConfig/getValueByKeys', {
      body: ['common.platform.name', 'common.platform.areaCode', 'no.such.key'],
    });
    expect(answer.data.map((r: { configKey: string }) => r.configKey)).toEqual(['common.platform.name', 'common.platform.areaCode']);
    const bad = await h.call('POST', '/base/v1/globalConfig/getValueByKeys', { body: ['ok.key', 'bad key!'] });
    expect(bad.http).toBe(400);
    expect(bad.message).toBe('参数 [1] 格式不正确');
    expect((await h.call('POST', '/base/v1/globalConfig/getValueByKeys', { body: [] })).message).toContain('至少需要 1 项');
  });

  it('serves the upload configuration with spec category codes', async () => {
    const answer = await h.call('GET', '/file/v1/file/config');
    expect(answer.data).toMatchObject({ uploadChunkSize: 10485760, uploadMaxSize: 2048, mobileUploadVideoMaxSize: 180 });
    const codeOf = (ext: string) => answer.data.extensions.find((e: { extension: string }) => e.extension === ext)?.fileCategoryCode;
    expect([codeOf('png'), codeOf('mp4'), codeOf('mp3'), codeOf('pdf'), codeOf('pptx'), codeOf('zip'), codeOf('sb3')]).toEqual([1, 2, 3, 5, 6, 7, 10]);
    expect(answer.data.uploadExtensions.split(',')).toContain('mp4');
  });

  it('serves a default logo for any area and a bureau logo when one is installed', async () => {
    const res = await fetch(`${h.base}/static/platformLogo/unknown-area.png`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const image = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect(image.width).toBeGreaterThan(0);
    const custom = new PNG({ width: 3, height: 2 });
    mkdirSync(path.join(h.dataDir, 'platformLogo'), { recursive: true });
    writeFileSync(path.join(h.dataDir, 'platformLogo', 'east.png'), PNG.sync.write(custom));
    const east = PNG.sync.read(Buffer.from(await (await fetch(`${h.base}/static/platformLogo/east.png`)).arrayBuffer()));
    expect([east.width, east.height]).toEqual([3, 2]);
    const bad = await h.call('GET', '/static/platformLogo/..%2Fsecret.png');
    expect(bad.http).toBe(400);
  });
});

describe('deploy login', () => {
  const now = () => Math.floor(Date.now() / 1000);
  it('logs in with a signed ticket', async () => {
    const authorization = signDeployTicket(SECRET, 'teacher', now() + 300);
    const answer = await h.call('POST', '/cas/sz/login/restful', { body: { authorization, code: 'web', ed: '' } });
    expect(answer.status).toBe(200);
    expect((await h.call('GET', '/base/v1/user/current', { token: answer.data.token })).data.loginName).toBe('teacher');
  });

  it('logs in once with a ticket: a replay of the same ticket is refused, a new ticket works', async () => {
    // Another expiry than the test above: a ticket is its user and expiry, so this is a ticket of its own.
    const authorization = signDeployTicket(SECRET, 'teacher', now() + 400);
    const first = await h.call('POST', '/cas/sz/login/restful', { body: { authorization, code: 'web', ed: '' } });
    expect(first.status).toBe(200);
    const replay = await h.call('POST', '/cas/sz/login/restful', { body: { authorization, code: 'web', ed: '' } });
    expect(replay.status).toBe(4200008);
    expect(replay.message).toBe('用户登录失败');
    const next = await h.call('POST', '/cas/sz/login/restful', { body: { authorization: signDeployTicket(SECRET, 'teacher', now() + 401), code: 'web', ed: '' } });
    expect(next.status).toBe(200);
  });

  it.each([
    ['wrong secret', () => signDeployTicket('other', 'teacher', now() + 300)],
    ['expired', () => signDeployTicket(SECRET, 'teacher', now() - 1)],
    ['unknown user', () => signDeployTicket(SECRET, 'ghost', now() + 300)],
    ['tampered', () => signDeployTicket(SECRET, 'teacher', now() + 300).replace(/^[^.]+/, Buffer.from('admin').toString('base64url'))],
    ['garbage', () => 'not-a-ticket'],
  ])('refuses a %s ticket with 4200008', async (_name, make) => {
    const answer = await h.call('POST', '/cas/sz/login/restful', { body: { authorization: make(), code: 'web' } });
    expect(answer.status).toBe(4200008);
    expect(answer.message).toBe('用户登录失败');
  });
});
