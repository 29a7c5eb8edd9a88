/**
 * Global config rows every installation starts with (keys pinned in docs/contracts.md). Inserted only
 * when missing, so values changed by an operator survive restarts.
 */
import type { Orm } from '../db/database.js';
import { globalConfig } from '../db/schema.js';
import { DEMO_ORG_IDS } from '../users/demoSeed.js';

export const DEFAULT_CONFIG: ReadonlyArray<{ configKey: string; configValue: string; description: string }> = [
  { configKey: 'common.platform.areaCode', configValue: 'dsideal', description: '平台区域编码' },
  { configKey: 'common.platform.name', configValue: '东山市教育云校', description: '平台名称' },
  { configKey: 'common.platform.nameEn', configValue: 'Dongshan Education Cloud School', description: '平台英文名称（门户英文界面显示；为空则显示平台名称）' },
  { configKey: 'common.platform.bureauId', configValue: DEMO_ORG_IDS.city, description: '平台所属教育局' },
  { configKey: 'common.login.rememberPassword', configValue: '1', description: '登录页显示“记住密码”（1 显示）' },
  { configKey: 'common.login.forgotPasswordUrl', configValue: '', description: '忘记密码链接（为空则不显示）' },
  { configKey: 'common.login.wechatAreaCodes', configValue: '', description: '显示微信登录的区域编码（逗号分隔）' },
  { configKey: 'common.message.showError', configValue: '1', description: '全局错误提示开关（1 开启）' },
  { configKey: 'common.link.smartGrowth', configValue: '', description: '顶部导航“智慧成长”外链' },
  { configKey: 'common.link.smartManagement', configValue: '', description: '顶部导航“智慧管理”外链' },
  { configKey: 'common.link.virtualSimulation', configValue: '', description: '顶部导航“虚拟仿真”外链' },
  { configKey: 'common.login.mode', configValue: '', description: '登录方式：0 平台登录页，1 外部登录页（为空则按环境变量 LOGIN_MODE）' },
  { configKey: 'common.login.url', configValue: '', description: '外部登录页地址（为空则按环境变量 LOGIN_URL）' },
  { configKey: 'common.footer.copyright', configValue: '', description: '页脚版权信息（为空则显示平台名称）' },
  { configKey: 'common.footer.icp', configValue: '', description: '页脚 ICP 备案号（为空则显示“待公示”）' },
  { configKey: 'common.footer.police', configValue: '', description: '页脚公安备案号（为空则不显示）' },
  { configKey: 'common.hotline.account', configValue: '', description: '账号服务热线' },
  { configKey: 'common.hotline.usage', configValue: '', description: '使用服务热线' },
  { configKey: 'common.hotline.groupChat', configValue: '', description: '用户交流群' },
  { configKey: 'common.ai.bureauId', configValue: '', description: '显示 AI 助手的教育局编号（为空则不显示）' },
  { configKey: 'common.ai.pageUrl', configValue: '', description: 'AI 助手页面地址' },
  { configKey: 'common.help.wechatQr', configValue: '', description: '帮助浮窗：微信端二维码（已上传图片的编号，为空则不显示）' },
  { configKey: 'common.help.wechatVideo', configValue: '/static/seed/help/wechat.mp4', description: '帮助浮窗：微信端操作视频（文件编号、网址或站内路径）' },
  { configKey: 'common.help.tvQr', configValue: '', description: '帮助浮窗：TV端二维码（已上传图片的编号，为空则不显示）' },
  { configKey: 'common.help.tvVideo', configValue: '/static/seed/help/tv.mp4', description: '帮助浮窗：TV端操作视频（文件编号、网址或站内路径）' },
  { configKey: 'common.help.centerUrl', configValue: '', description: '帮助浮窗：帮助中心地址（为空则为门户的 #/help）' },
];

export async function seedDefaultConfig(db: Orm): Promise<void> {
  await db
    .insert(globalConfig)
    .values(DEFAULT_CONFIG.map((row, sort) => ({ ...row, sort })))
    .onConflictDoNothing();
}
