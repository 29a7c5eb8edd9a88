/**
 * The platform settings a city administrator may change (`POST {base}/v1/globalConfig/save`), with the
 * rule each value must meet. One table for both sides: the server refuses a value that breaks its rule
 * and the settings screen checks the same rule before sending. Keys are global configuration keys
 * (docs/contracts.md); `common.platform.areaCode` is not among them: it names the installation.
 */

export type SettingKind = 'text' | 'url' | 'flag' | 'phone' | 'codeList' | 'loginMode' | 'id' | 'fileId' | 'media';

export interface SettingRule {
  /** What the setting is called on the screen and in errors. */
  label: string;
  kind: SettingKind;
  /** Longest value (characters). */
  max: number;
  /** An empty value is refused. */
  required?: boolean;
}

/** Per-area logos are `common.logo.<areaCode>` (a stored image's file id; empty: the default logo). */
export const LOGO_KEY_PREFIX = 'common.logo.';
export const AREA_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export const SETTING_RULES = {
  'common.platform.name': { label: '平台名称', kind: 'text', max: 50, required: true },
  'common.platform.nameEn': { label: '平台英文名称', kind: 'text', max: 100 },
  'common.footer.copyright': { label: '版权信息', kind: 'text', max: 100 },
  'common.footer.icp': { label: 'ICP 备案号', kind: 'text', max: 50 },
  'common.footer.police': { label: '公安备案号', kind: 'text', max: 50 },
  'common.hotline.account': { label: '账号服务热线', kind: 'phone', max: 30 },
  'common.hotline.usage': { label: '使用服务热线', kind: 'phone', max: 30 },
  'common.hotline.groupChat': { label: '用户交流群', kind: 'text', max: 50 },
  'common.login.rememberPassword': { label: '记住密码', kind: 'flag', max: 1 },
  'common.login.forgotPasswordUrl': { label: '忘记密码链接', kind: 'url', max: 500 },
  'common.login.wechatAreaCodes': { label: '显示微信登录的区域编码', kind: 'codeList', max: 200 },
  'common.login.mode': { label: '登录方式', kind: 'loginMode', max: 1 },
  'common.login.url': { label: '外部登录页地址', kind: 'url', max: 500 },
  'common.message.showError': { label: '全局错误提示', kind: 'flag', max: 1 },
  'common.link.smartGrowth': { label: '智慧成长单点登录地址', kind: 'url', max: 500 },
  'common.link.smartManagement': { label: '智慧管理单点登录地址', kind: 'url', max: 500 },
  'common.link.virtualSimulation': { label: '虚拟仿真单点登录地址', kind: 'url', max: 500 },
  'common.ai.bureauId': { label: 'AI 助手所属教育局编号', kind: 'id', max: 64 },
  'common.ai.pageUrl': { label: 'AI 助手页面地址', kind: 'url', max: 500 },
  // The help widget (<ds-help-widget>): QR images are stored images, videos a stored file, an address or a path of the site.
  'common.help.wechatQr': { label: '微信端二维码', kind: 'fileId', max: 64 },
  'common.help.wechatVideo': { label: '微信端操作视频', kind: 'media', max: 500 },
  'common.help.tvQr': { label: 'TV端二维码', kind: 'fileId', max: 64 },
  'common.help.tvVideo': { label: 'TV端操作视频', kind: 'media', max: 500 },
  'common.help.centerUrl': { label: '帮助中心地址', kind: 'url', max: 500 },
} as const satisfies Record<string, SettingRule>;

export type SettingKey = keyof typeof SETTING_RULES;
export const SETTING_KEYS = Object.keys(SETTING_RULES) as SettingKey[];

const LOGO_RULE: SettingRule = { label: '区域标志', kind: 'fileId', max: 64 };

/** The rule of a key the settings call accepts, or undefined for a key it does not change. */
export function ruleOf(key: string): SettingRule | undefined {
  if (Object.hasOwn(SETTING_RULES, key)) return SETTING_RULES[key as SettingKey];
  if (key.startsWith(LOGO_KEY_PREFIX) && AREA_CODE_PATTERN.test(key.slice(LOGO_KEY_PREFIX.length))) {
    return { ...LOGO_RULE, label: `区域标志（${key.slice(LOGO_KEY_PREFIX.length)}）` };
  }
  return undefined;
}

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const PHONE = /^[0-9+\-() ]*(转[0-9]{1,6})?$/;
const CODE = /^[A-Za-z0-9_-]{1,32}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A path of this site (`/static/seed/help/wechat.mp4`), not another host's (`//host`). */
const SITE_PATH = /^\/(?!\/)[^\s]*$/;
// Line breaks and other control characters have no place in a one-line setting.
// eslint-disable-next-line no-control-regex -- the control characters are what the rule refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Why `value` cannot be stored under `key` (a Chinese sentence naming the setting and the key), or
 * undefined when it can. Values are compared as given: callers trim before asking.
 */
export function settingProblem(key: string, value: string): string | undefined {
  const rule = ruleOf(key);
  const name = rule ? `${rule.label}（${key}）` : key;
  if (!rule) return `配置项 ${key} 不存在或不能在此修改`;
  if (value === '') return rule.required ? `${name}不能为空` : undefined;
  const enumerated = rule.kind === 'flag' || rule.kind === 'loginMode';
  if (!enumerated && value.length > rule.max) return `${name}不能超过 ${rule.max} 个字符`;
  if (CONTROL.test(value)) return `${name}不能包含换行或控制字符`;
  switch (rule.kind) {
    case 'url':
      return HTTP_URL.test(value) ? undefined : `${name}应为 http:// 或 https:// 开头的网址`;
    case 'flag':
      return value === '0' || value === '1' ? undefined : `${name}取值应为 0 或 1`;
    case 'loginMode':
      return value === '0' || value === '1' ? undefined : `${name}取值应为 0（平台登录页）或 1（外部登录页），留空则按服务器环境变量`;
    case 'phone':
      return PHONE.test(value) ? undefined : `${name}只能包含数字、空格、+、-、括号和“转”分机号`;
    case 'codeList': {
      const codes = value.split(',').map((code) => code.trim());
      return codes.every((code) => CODE.test(code)) ? undefined : `${name}应为逗号分隔的区域编码（字母、数字、_ 或 -）`;
    }
    case 'media':
      return HTTP_URL.test(value) || ID.test(value) || SITE_PATH.test(value) ? undefined : `${name}应为已上传文件的编号、http:// 或 https:// 开头的网址，或以 / 开头的站内路径`;
    case 'id':
    case 'fileId':
      return ID.test(value) ? undefined : `${name}只能包含字母、数字、_ 或 -`;
    case 'text':
      return undefined;
  }
}

/**
 * Rules between settings: an external login page needs its address, or nobody could sign in. `values`
 * are the settings as they will be after the save.
 */
export function crossSettingProblem(values: Readonly<Record<string, string>>): { key: string; message: string } | undefined {
  if (values['common.login.mode'] === '1' && !values['common.login.url']) {
    return { key: 'common.login.url', message: '登录方式为外部登录页时，外部登录页地址（common.login.url）不能为空' };
  }
  return undefined;
}
