import { describe, expect, it } from 'vitest';
import { crossSettingProblem, ruleOf, settingProblem } from './settingsRules.js';

describe('platform setting rules', () => {
  it('accepts the values a bureau fills in', () => {
    expect(settingProblem('common.footer.icp', '浙ICP备12345678号-1')).toBeUndefined();
    expect(settingProblem('common.hotline.account', '0571-8888 8888转123')).toBeUndefined();
    expect(settingProblem('common.link.smartGrowth', 'https://growth.example.cn/sso?from=ds')).toBeUndefined();
    expect(settingProblem('common.login.wechatAreaCodes', 'dsideal, cc')).toBeUndefined();
    expect(settingProblem('common.login.forgotPasswordUrl', '')).toBeUndefined();
    expect(settingProblem('common.logo.dsideal', 'f_123')).toBeUndefined();
  });

  it('names the setting and its key in every refusal', () => {
    expect(settingProblem('common.link.smartGrowth', 'javascript:alert(1)')).toBe('智慧成长单点登录地址（common.link.smartGrowth）应为 http:// 或 https:// 开头的网址');
    expect(settingProblem('common.footer.icp', 'x'.repeat(51))).toBe('ICP 备案号（common.footer.icp）不能超过 50 个字符');
    expect(settingProblem('common.footer.police', 'a\nb')).toContain('common.footer.police');
    expect(settingProblem('common.hotline.usage', '拨打 110')).toContain('使用服务热线（common.hotline.usage）');
    expect(settingProblem('common.login.rememberPassword', 'yes')).toContain('取值应为 0 或 1');
    expect(settingProblem('common.platform.name', '')).toBe('平台名称（common.platform.name）不能为空');
    expect(settingProblem('common.platform.areaCode', 'x')).toBe('配置项 common.platform.areaCode 不存在或不能在此修改');
    expect(ruleOf('common.logo.a/b')).toBeUndefined();
  });

  it('takes the help widget’s QR images as stored file ids and its videos as a file id, an address or a path of the site', () => {
    expect(settingProblem('common.help.wechatQr', '1024')).toBeUndefined();
    expect(settingProblem('common.help.wechatQr', 'https://cdn.example.cn/qr.png')).toBe('微信端二维码（common.help.wechatQr）只能包含字母、数字、_ 或 -');
    expect(settingProblem('common.help.tvVideo', '2048')).toBeUndefined();
    expect(settingProblem('common.help.tvVideo', 'https://cdn.example.cn/tv.mp4')).toBeUndefined();
    expect(settingProblem('common.help.wechatVideo', '/static/seed/help/wechat.mp4')).toBeUndefined();
    expect(settingProblem('common.help.wechatVideo', 'ftp://cdn/x.mp4')).toBe('微信端操作视频（common.help.wechatVideo）应为已上传文件的编号、http:// 或 https:// 开头的网址，或以 / 开头的站内路径');
    expect(settingProblem('common.help.tvVideo', '//evil.example.cn/x.mp4')).toContain('TV端操作视频（common.help.tvVideo）应为');
    expect(settingProblem('common.help.centerUrl', '/#/help')).toContain('帮助中心地址（common.help.centerUrl）应为 http:// 或 https://');
  });

  it('refuses an external login page without its address', () => {
    expect(crossSettingProblem({ 'common.login.mode': '1', 'common.login.url': '' })?.key).toBe('common.login.url');
    expect(crossSettingProblem({ 'common.login.mode': '1', 'common.login.url': 'https://sso.example.cn' })).toBeUndefined();
  });
});
