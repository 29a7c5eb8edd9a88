import { normalizeLocale, type Locale } from '@dscloud/sdk/i18n';

export type Lang = Locale;
export const toLang = (lang?: string | null): Lang => normalizeLocale(lang ?? undefined);

const text = {
  'zh-CN': {
    widget: '帮助',
    open: '打开帮助',
    close: '收起帮助',
    items: '帮助与服务',
    wechat: '微信端',
    tv: 'TV端',
    center: '帮助中心',
    hotline: '客服热线',
    feedback: '意见反馈',
    newTab: '（在新窗口打开）',
    qr: (name: string) => `${name}二维码`,
    scan: '请扫描二维码',
    video: (name: string) => `${name}操作视频`,
    noVideo: '您的浏览器不能播放此视频',
    account: '账号服务热线',
    usage: '使用服务热线',
    groupChat: '用户交流群',
    noHotline: '暂未公布客服热线',
    closeDialog: '关闭',
    loading: '正在加载…',
    partFailed: '内容加载失败，请检查网络后重试',
    retry: '重试',
    loginTitle: '提示',
    loginQuestion: '需要登录后查看，是否登录？',
    login: '登录',
    cancel: '取消',
  },
  en: {
    widget: 'Help',
    open: 'Open help',
    close: 'Close help',
    items: 'Help and services',
    wechat: 'WeChat',
    tv: 'TV',
    center: 'Help centre',
    hotline: 'Hotlines',
    feedback: 'Feedback',
    newTab: ' (opens in a new window)',
    qr: (name: string) => `${name} QR code`,
    scan: 'Scan the QR code',
    video: (name: string) => `${name} how-to video`,
    noVideo: 'Your browser cannot play this video',
    account: 'Account service',
    usage: 'Usage service',
    groupChat: 'User group chat',
    noHotline: 'No hotline has been published yet',
    closeDialog: 'Close',
    loading: 'Loading…',
    partFailed: 'This could not be loaded; check the network and retry',
    retry: 'Retry',
    loginTitle: 'Sign in',
    loginQuestion: 'You need to log in to view this. Log in now?',
    login: 'Log in',
    cancel: 'Cancel',
  },
};

export type HelpWidgetMessages = (typeof text)['zh-CN'];

export function helpWidgetMessages(lang: Lang): HelpWidgetMessages {
  return text[lang] ?? text['zh-CN'];
}
