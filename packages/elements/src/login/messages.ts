import { translate, normalizeLocale, type Locale } from '@dscloud/sdk/i18n';

export type Lang = Locale;

/** Words only the login element shows; the shared ones come from the SDK catalogue below. */
const own = {
  'zh-CN': {
    title: '用户登录',
    accountPlaceholder: '请输入账号',
    passwordPlaceholder: '请输入密码',
    submitting: '登录中…',
    wechatTitle: '微信扫码登录',
    close: '关闭',
    logoAlt: '平台标志',
    captchaKeys: '，也可用方向键移动、回车确认',
    captchaSlider: '拼图位置',
    captchaRefresh: '换一张',
    captchaLoading: '正在加载验证图片…',
    captchaOk: '验证通过',
    deployWorking: '正在登录…',
  },
  en: {
    title: 'Sign in',
    accountPlaceholder: 'Enter your account',
    passwordPlaceholder: 'Enter your password',
    submitting: 'Logging in…',
    wechatTitle: 'Scan with WeChat to log in',
    close: 'Close',
    logoAlt: 'Platform logo',
    captchaKeys: ', or move it with the arrow keys and press Enter',
    captchaSlider: 'Piece position',
    captchaRefresh: 'New puzzle',
    captchaLoading: 'Loading the puzzle…',
    captchaOk: 'Verified',
    deployWorking: 'Logging in…',
  },
} as const;

/** Text of the login screen in one language, Chinese unless English is asked for. */
export function loginMessages(lang: Lang) {
  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key);
  return {
    ...own[lang],
    account: t('login.username'),
    password: t('login.password'),
    accountRequired: t('login.usernameRequired'),
    passwordRequired: t('login.passwordRequired'),
    remember: t('login.rememberPassword'),
    forgot: t('login.forgotPassword'),
    submit: t('login.submit'),
    otherMethods: t('login.otherMethods'),
    wechat: t('login.wechat'),
    captchaTitle: t('login.captchaTitle'),
    captchaHint: t('login.captchaHint'),
    deployFailedTitle: t('deploy.failedTitle'),
    deployFailedBody: t('deploy.failedContent'),
    gotIt: t('deploy.failedOk'),
  };
}

export type Messages = ReturnType<typeof loginMessages>;

export const toLang = (value: string | null | undefined): Lang => normalizeLocale(value);
