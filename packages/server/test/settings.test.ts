/**
 * Platform settings over real calls: the city administrator saves the footer, hotlines, login options
 * and links through `globalConfig/save`; the public read returns what was saved at once (no stale
 * cache); each bad value is refused naming its key, with nothing stored; other roles are refused; the
 * audit log keeps each changed key's value before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
let admin: string;

const SAVE = '/base/v1/globalConfig/save';

async function publicValues(): Promise<Record<string, string>> {
  const answer = await h.call<{ rows: Array<{ configKey: string; configValue: string }> }>('POST', '/base/v1/globalConfig/list', { body: {} });
  return Object.fromEntries(answer.data.rows.map((r) => [r.configKey, r.configValue]));
}

const save = (items: Array<{ configKey: string; configValue: string }>, token = admin) => h.call('POST', SAVE, { body: { items }, token });

beforeAll(async () => {
  h = await startHarness();
  admin = await h.token('admin');
});
afterAll(async () => {
  await h?.close();
});

describe('platform settings', () => {
  it('saves the footer and hotlines, and the public read returns them on the next call', async () => {
    // Read first, so the list is in the server's cache when the save happens.
    expect((await publicValues())['common.footer.icp']).toBe('');
    const answer = await save([
      { configKey: 'common.footer.copyright', configValue: ' 东山市教育局 ' },
      { configKey: 'common.footer.icp', configValue: '浙ICP备12345678号-1' },
      { configKey: 'common.footer.police', configValue: '浙公网安备 33010202000001号' },
      { configKey: 'common.hotline.account', configValue: '0571-88880001' },
      { configKey: 'common.hotline.usage', configValue: '400-800-1234转2' },
      { configKey: 'common.hotline.groupChat', configValue: 'QQ 群 123456789' },
    ]);
    expect(answer.status).toBe(200);
    const values = await publicValues();
    expect(values).toMatchObject({
      'common.footer.copyright': '东山市教育局',
      'common.footer.icp': '浙ICP备12345678号-1',
      'common.footer.police': '浙公网安备 33010202000001号',
      'common.hotline.account': '0571-88880001',
      'common.hotline.usage': '400-800-1234转2',
      'common.hotline.groupChat': 'QQ 群 123456789',
    });
    const byKeys = await h.call('POST', '/base/v1/globalConfig/getValueByKeys', { body: ['common.footer.icp'] });
    expect(byKeys.data).toEqual([{ configKey: 'common.footer.icp', configValue: '浙ICP备12345678号-1' }]);
  });

  it('refuses each bad value naming its key and field, and stores nothing of the call', async () => {
    const before = await publicValues();
    const bad: Array<[string, string, RegExp]> = [
      ['common.link.smartGrowth', 'javascript:alert(1)', /智慧成长单点登录地址（common\.link\.smartGrowth）应为 http:\/\/ 或 https:\/\/ 开头的网址/],
      ['common.link.smartManagement', 'ftp://x', /common\.link\.smartManagement/],
      ['common.link.virtualSimulation', 'www.example.cn', /common\.link\.virtualSimulation/],
      ['common.login.forgotPasswordUrl', 'not a url', /忘记密码链接（common\.login\.forgotPasswordUrl）/],
      ['common.login.url', 'http://', /common\.login\.url/],
      ['common.ai.pageUrl', '//ai.example.cn', /common\.ai\.pageUrl/],
      ['common.footer.icp', 'x'.repeat(51), /ICP 备案号（common\.footer\.icp）不能超过 50 个字符/],
      ['common.footer.police', '浙公网安备\n1', /公安备案号（common\.footer\.police）不能包含换行/],
      ['common.footer.copyright', 'x'.repeat(101), /common\.footer\.copyright/],
      ['common.hotline.account', '打电话', /账号服务热线（common\.hotline\.account）只能包含数字/],
      ['common.hotline.usage', '12<script>', /common\.hotline\.usage/],
      ['common.hotline.groupChat', 'x'.repeat(51), /common\.hotline\.groupChat/],
      ['common.login.rememberPassword', 'yes', /记住密码（common\.login\.rememberPassword）取值应为 0 或 1/],
      ['common.message.showError', '2', /common\.message\.showError/],
      ['common.login.wechatAreaCodes', 'dsideal;cc', /common\.login\.wechatAreaCodes/],
      ['common.login.mode', '2', /登录方式（common\.login\.mode）/],
      ['common.ai.bureauId', '教育局', /common\.ai\.bureauId/],
      ['common.platform.name', '  ', /平台名称（common\.platform\.name）不能为空/],
      ['common.logo.dsideal', '999999999', /区域标志（dsideal）（common\.logo\.dsideal）应为已上传的图片/],
    ];
    for (const [key, value, message] of bad) {
      // A good value first in the same call: it must not be stored either.
      const answer = await save([
        { configKey: key === 'common.footer.copyright' ? 'common.footer.icp' : 'common.footer.copyright', configValue: '不应保存' },
        { configKey: key, configValue: value },
      ]);
      expect(`${key}: ${answer.http} ${answer.status}`).toBe(`${key}: 422 ${Codes.VALIDATION}`);
      expect(answer.message).toMatch(message);
      expect({ key, data: answer.data }).toEqual({ key, data: { field: 'items[1].configValue' } });
    }
    const unknown = await save([{ configKey: 'common.platform.areaCode', configValue: 'other' }]);
    expect(unknown.http).toBe(422);
    expect(unknown.message).toBe('配置项 common.platform.areaCode 不存在或不能在此修改');
    expect(unknown.data).toEqual({ field: 'items[0].configKey' });
    const external = await save([{ configKey: 'common.login.mode', configValue: '1' }]);
    expect(external.message).toContain('外部登录页地址（common.login.url）不能为空');
    expect(await publicValues()).toEqual(before);
  });

  it('is for the city bureau only, and records each changed key before and after', async () => {
    for (const role of ['districtadmin', 'schooladmin', 'researcher', 'teacher']) {
      const answer = await save([{ configKey: 'common.footer.icp', configValue: '被拒绝' }], await h.token(role));
      expect(`${role} ${answer.http}`).toBe(`${role} 403`);
    }
    expect((await h.call('POST', SAVE, { body: { items: [{ configKey: 'common.footer.icp', configValue: 'x' }] } })).status).toBe(4010001);
    expect((await publicValues())['common.footer.icp']).toBe('浙ICP备12345678号-1');

    await save([
      { configKey: 'common.footer.icp', configValue: '浙ICP备00000001号' },
      { configKey: 'common.hotline.account', configValue: '0571-88880001' },
    ]);
    const log = await h.call('POST', '/cloudSchool/v1/auditLog/page', { body: { action: 'globalConfig.save', entityId: 'common.footer.icp' }, token: admin });
    expect(log.data.rows[0]).toMatchObject({
      entity: 'globalConfig',
      entityId: 'common.footer.icp',
      changes: { configValue: { before: '浙ICP备12345678号-1', after: '浙ICP备00000001号' } },
    });
    // An unchanged key is recorded without changes.
    const same = await h.call('POST', '/cloudSchool/v1/auditLog/page', { body: { action: 'globalConfig.save', entityId: 'common.hotline.account' }, token: admin });
    expect(same.data.rows[0].changes).toEqual({});
  });

  it('serves the login mode and external page chosen in the settings', async () => {
    expect((await h.call('GET', '/cas/cm/loginMode?mode=web')).data).toEqual({ loginMode: 0 });
    const answer = await save([
      { configKey: 'common.login.mode', configValue: '1' },
      { configKey: 'common.login.url', configValue: 'https://sso.example.cn/login' },
    ]);
    expect(answer.status).toBe(200);
    expect((await h.call('GET', '/cas/cm/loginMode?mode=web')).data).toEqual({ loginMode: 1 });
    expect((await h.call('GET', '/cas/cm/loginUrl?page=web')).data).toEqual({ loginUrl: 'https://sso.example.cn/login' });
    // Back to the environment's choice.
    await save([
      { configKey: 'common.login.mode', configValue: '' },
      { configKey: 'common.login.url', configValue: '' },
    ]);
    expect((await h.call('GET', '/cas/cm/loginMode?mode=web')).data).toEqual({ loginMode: 0 });
  });

  it('serves an area logo uploaded in the settings in place of the default one', async () => {
    // A stored image as an upload leaves it (the upload itself is tested in files.*.test.ts).
    await h.query(`INSERT INTO file_contents (sha256, md5, size, store, storage_key, mime, created_at) VALUES ('logo-sha', 'logo-md5', 10, 'local', 'logo', 'image/png', 0)`);
    const [file] = await h.query<{ id: number }>(
      `INSERT INTO file_infos (id, user_id, content_sha256, file_name, extension, category_code, created_at)
       SELECT nextval('file_info_ids'), id, 'logo-sha', 'logo.png', 'png', 1, 0 FROM users WHERE username = 'admin' RETURNING id`,
    );
    expect((await h.call('GET', '/static/platformLogo/dsideal.png')).headers.get('content-type')).toBe('image/png');
    expect((await save([{ configKey: 'common.logo.dsideal', configValue: String(file!.id) }])).status).toBe(200);
    const res = await fetch(`${h.base}/static/platformLogo/dsideal.png`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain(`/file/v1/file/media/${file!.id}?`);
  });

  it('sends the help widget to the QR image and video the settings name, for visitors too', async () => {
    expect((await h.call('GET', '/static/help/wechatQr')).http).toBe(404);
    expect((await h.call('GET', '/static/help/other')).http).toBe(400);
    await h.query(`INSERT INTO file_contents (sha256, md5, size, store, storage_key, mime, created_at) VALUES ('qr-sha', 'qr-md5', 10, 'local', 'qr', 'image/png', 0)`);
    const [file] = await h.query<{ id: number }>(
      `INSERT INTO file_infos (id, user_id, content_sha256, file_name, extension, category_code, created_at)
       SELECT nextval('file_info_ids'), id, 'qr-sha', 'qr.png', 'png', 1, 0 FROM users WHERE username = 'admin' RETURNING id`,
    );
    const answer = await save([
      { configKey: 'common.help.wechatQr', configValue: String(file!.id) },
      { configKey: 'common.help.tvVideo', configValue: 'https://video.example.cn/tv.mp4' },
      { configKey: 'common.help.centerUrl', configValue: 'https://help.example.cn/' },
    ]);
    expect(answer.status).toBe(200);
    const qr = await fetch(`${h.base}/static/help/wechatQr`, { redirect: 'manual' });
    expect(qr.status).toBe(302);
    expect(qr.headers.get('location')).toContain(`/file/v1/file/media/${file!.id}?`);
    const video = await fetch(`${h.base}/static/help/tvVideo`, { redirect: 'manual' });
    expect(video.headers.get('location')).toBe('https://video.example.cn/tv.mp4');
    expect((await publicValues())['common.help.centerUrl']).toBe('https://help.example.cn/');
    const bad = await save([{ configKey: 'common.help.tvQr', configValue: 'https://x.example.cn/qr.png' }]);
    expect(bad.http).toBe(422);
    expect(bad.message).toContain('TV端二维码（common.help.tvQr）');
  });
});
