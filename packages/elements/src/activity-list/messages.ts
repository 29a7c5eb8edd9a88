import { normalizeLocale, type Locale } from '@dscloud/sdk/i18n';
import type { ActivityPhase } from '@dscloud/sdk/activities';
import type { Remaining } from './countdown.js';
import { clockPart } from './countdown.js';

export type Lang = Locale;

export const toLang = (lang?: string | null): Lang => normalizeLocale(lang ?? undefined);

/** Phases whose window a countdown runs to: its end while it runs, its start while it is ahead. */
type Timed = Extract<ActivityPhase, 'notStarted' | 'signUp' | 'upload' | 'review'>;

const text = {
  'zh-CN': {
    list: '征集活动',
    loading: '正在加载活动…',
    empty: '暂无征集活动',
    emptyHint: '活动发布后会显示在这里。',
    failed: '活动列表加载失败',
    retry: '重试',
    badStatus: (value: string, allowed: string) => `status 属性「${value}」无效，可用的值：${allowed}`,
    signUp: '报名',
    view: '查看',
    actionLabel: (action: string, name: string) => `${action}《${name}》`,
    noCover: '暂无封面',
    scope: '范围',
    counts: (signUps: number, works: number) => `报名 ${signUps} 人 · 作品 ${works} 件`,
    endsIn: { signUp: '距报名截止', upload: '距上传截止', review: '距评审结束', notStarted: '距报名开始' } as Record<Timed, string>,
    startsIn: { signUp: '距报名开始', upload: '距上传开始', review: '距评审开始', notStarted: '距报名开始' } as Record<Timed, string>,
    remaining: (r: Remaining) => (r.days > 0 ? `${r.days} 天 ${clockPart(r)}` : clockPart(r)),
    deadline: (at: string) => `${at}（北京时间）`,
    pager: '分页',
    previous: '上一页',
    next: '下一页',
    pageOf: (page: number, pages: number, total: number) => `第 ${page} / ${pages} 页，共 ${total} 个活动`,
  },
  en: {
    list: 'Collection activities',
    loading: 'Loading activities…',
    empty: 'No activities yet',
    emptyHint: 'Published activities will show here.',
    failed: 'The activities could not be loaded',
    retry: 'Retry',
    badStatus: (value: string, allowed: string) => `The status attribute “${value}” is not valid; use one of: ${allowed}`,
    signUp: 'Sign up',
    view: 'View',
    actionLabel: (action: string, name: string) => `${action}: ${name}`,
    noCover: 'No cover',
    scope: 'Scope',
    counts: (signUps: number, works: number) => `${signUps} signed up · ${works} works`,
    endsIn: { signUp: 'Sign-up closes in', upload: 'Upload closes in', review: 'Review ends in', notStarted: 'Sign-up opens in' } as Record<Timed, string>,
    startsIn: { signUp: 'Sign-up opens in', upload: 'Upload opens in', review: 'Review starts in', notStarted: 'Sign-up opens in' } as Record<Timed, string>,
    remaining: (r: Remaining) => (r.days > 0 ? `${r.days} d ${clockPart(r)}` : clockPart(r)),
    deadline: (at: string) => `${at} (China time)`,
    pager: 'Pages',
    previous: 'Previous',
    next: 'Next',
    pageOf: (page: number, pages: number, total: number) => `Page ${page} of ${pages}, ${total} activities`,
  },
};

export type ActivityListMessages = (typeof text)['zh-CN'];

export function activityListMessages(lang: Lang): ActivityListMessages {
  return text[lang] ?? text['zh-CN'];
}
