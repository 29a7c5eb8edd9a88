/**
 * The rules of an activity's fields (docs/activities.md "Edit rules"): what every saved activity
 * obeys, what publishing needs, and what may still change once it is published. Each refusal names
 * the field (`data.field`) and says in Chinese what is wrong; nothing is stored before all pass.
 */
import {
  ActivityStatus,
  AuditLevels,
  DEFAULT_VIDEO_RULES,
  descriptionTooLong,
  PackageItem,
  PackageItems,
  type ActivityAttachment,
  type ActivityRules,
  type ActivityScopeEntry,
  type ActivityWindows,
  type AuditLevelCode,
  type PackageTemplateItem,
  type VideoRules,
} from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { ReviewRules } from '@dscloud/sdk/review';
import { DEFAULT_REVIEW_RULES } from '@dscloud/sdk/review';
import { mergeReviewRules } from '../activityReview/rules.js';
import { AppError } from '../http/appError.js';
import { OrgType } from '../users/orgTypes.js';
import { DESCRIPTION_MAX } from './activitySchemas.js';
import { sanitizeRichText } from './richText.js';

/** Everything an activity holds that the organiser writes. */
export interface ActivityFields extends ActivityWindows {
  name: string;
  description: string;
  coverUrl: string;
  coverFileId: string | null;
  orgId: string;
  activitySystem: number;
  scope: ActivityScopeEntry[];
  reviewLevels: AuditLevelCode[];
  packageTemplate: PackageTemplateItem[];
  rules: ActivityRules;
  videoRules: VideoRules;
  attachments: ActivityAttachment[];
  reviewRules: ReviewRules;
}

/** The body: every field optional, the review rules partial (defaults fill the rest). */
export type ActivityPatch = Partial<Omit<ActivityFields, 'reviewRules'>> & { reviewRules?: Partial<ReviewRules> };

export const WINDOW_KEYS = ['signUpStartTime', 'signUpEndTime', 'uploadStartTime', 'uploadEndTime', 'auditStartTime', 'auditEndTime'] as const;
type WindowKey = (typeof WINDOW_KEYS)[number];

const WINDOW_NAMES: Record<WindowKey, string> = {
  signUpStartTime: '报名开始时间',
  signUpEndTime: '报名截止时间',
  uploadStartTime: '作品上传开始时间',
  uploadEndTime: '作品上传截止时间',
  auditStartTime: '评审开始时间',
  auditEndTime: '评审截止时间',
};

/** A new activity's package: the lesson video required, the rest optional (精品课 practice). */
export const DEFAULT_PACKAGE_TEMPLATE: PackageTemplateItem[] = [
  { item: PackageItem.VIDEO, required: true, fileCategories: [2], maxFiles: 1 },
  { item: PackageItem.DESIGN, required: true, fileCategories: [5], maxFiles: 1 },
  { item: PackageItem.WORKSHEET, required: false, fileCategories: [5], maxFiles: 1 },
  { item: PackageItem.COURSEWARE, required: false, fileCategories: [5, 6], maxFiles: 3 },
  { item: PackageItem.EXERCISE, required: false, fileCategories: [5], maxFiles: 3 },
];

export const DEFAULT_RULES: ActivityRules = { nodesPerTeacher: 1, teachersPerNode: 1, allowFormatWarnings: false };

/** A new activity's fields the body leaves out: no windows yet, no scope, no levels, the default package and rules. */
export const NEW_ACTIVITY: Omit<ActivityFields, 'name' | 'orgId' | 'activitySystem'> = {
  description: '',
  coverUrl: '',
  coverFileId: null,
  signUpStartTime: null,
  signUpEndTime: null,
  uploadStartTime: null,
  uploadEndTime: null,
  auditStartTime: null,
  auditEndTime: null,
  scope: [],
  reviewLevels: [],
  packageTemplate: DEFAULT_PACKAGE_TEMPLATE,
  rules: DEFAULT_RULES,
  videoRules: DEFAULT_VIDEO_RULES,
  attachments: [],
  reviewRules: DEFAULT_REVIEW_RULES,
};

const bad = (field: string, message: string) => new AppError(Codes.BAD_REQUEST, message, { field });
const conflict = (field: string, message: string) => new AppError(Codes.CONFLICT, message, { field });

/** The highest review level an organiser of this organisation type may use. */
export function topLevelOf(orgType: number): AuditLevelCode | 0 {
  if (orgType === OrgType.CITY_BUREAU) return 3;
  if (orgType === OrgType.DISTRICT_BUREAU) return 2;
  if (orgType === OrgType.SCHOOL) return 1;
  return 0;
}

const levelName = (level: number) => AuditLevels.find(level)?.label ?? String(level);
const itemName = (item: number) => PackageItems.find(item)?.label ?? String(item);
const sameEntry = (a: ActivityScopeEntry, b: ActivityScopeEntry) =>
  a.stage === b.stage && a.subjectCode === b.subjectCode && (a.editionId ?? null) === (b.editionId ?? null) && (a.bookId ?? null) === (b.bookId ?? null);

/** The body's fields normalised (trimmed, sanitised, defaults of absent nested keys filled). */
export function normalisePatch(body: ActivityPatch): Partial<ActivityFields> {
  const patch = { ...body } as Partial<ActivityFields>;
  if (body.name !== undefined) patch.name = body.name.trim();
  if (body.description !== undefined) patch.description = sanitizeRichText(body.description);
  if (body.coverUrl !== undefined) patch.coverUrl = body.coverUrl.trim();
  if (body.scope !== undefined) patch.scope = body.scope.map((s) => ({ stage: s.stage, subjectCode: s.subjectCode, editionId: s.editionId ?? null, bookId: s.bookId ?? null }));
  if (body.packageTemplate !== undefined) {
    patch.packageTemplate = body.packageTemplate.map((t) => ({ item: t.item, required: t.required, fileCategories: [...new Set(t.fileCategories)], maxFiles: t.maxFiles ?? 1 }));
  }
  if (body.rules !== undefined) patch.rules = { ...DEFAULT_RULES, ...body.rules };
  if (body.reviewRules !== undefined) patch.reviewRules = mergeReviewRules(undefined, body.reviewRules);
  if (body.videoRules !== undefined) patch.videoRules = { ...DEFAULT_VIDEO_RULES, ...body.videoRules, warnings: [...(body.videoRules.warnings ?? DEFAULT_VIDEO_RULES.warnings)] };
  return patch;
}

/** What every stored activity obeys, draft or not (the curriculum check of the scope is the repo's). */
export function checkFields(a: ActivityFields, organiserType: number): void {
  if (!a.name) throw bad('name', '参数 name（活动名称）不能为空');
  if (a.description.length > DESCRIPTION_MAX) throw bad('description', descriptionTooLong(DESCRIPTION_MAX));
  if (a.coverUrl && !/^(https?:\/\/|\/)/i.test(a.coverUrl)) throw bad('coverUrl', '参数 coverUrl（封面地址）须以 http://、https:// 或 / 开头');
  a.attachments.forEach((att, i) => {
    if (att.url && !/^(https?:\/\/|\/)/i.test(att.url)) throw bad(`attachments[${i}].url`, `参数 attachments[${i}].url（附件地址）须以 http://、https:// 或 / 开头`);
  });
  checkWindowPairs(a);

  const top = topLevelOf(organiserType);
  if (top === 0) throw bad('orgId', '参数 orgId（主办单位）须为市、区教育局或学校');
  const seenLevels = new Set<number>();
  a.reviewLevels.forEach((level, i) => {
    if (seenLevels.has(level)) throw bad(`reviewLevels[${i}]`, `参数 reviewLevels[${i}]：评审级别「${levelName(level)}」重复`);
    if (level > top) {
      throw bad(`reviewLevels[${i}]`, `参数 reviewLevels[${i}]：${levelName(top)}主办的活动不能使用「${levelName(level)}」评审（评审级别不能高于主办单位）`);
    }
    if (i > 0 && level < a.reviewLevels[i - 1]!) throw bad(`reviewLevels[${i}]`, `参数 reviewLevels[${i}]：评审级别须按 校级 → 区级 → 市级 的顺序排列`);
    seenLevels.add(level);
  });

  const seenItems = new Set<number>();
  a.packageTemplate.forEach((t, i) => {
    if (seenItems.has(t.item)) throw bad(`packageTemplate[${i}].item`, `参数 packageTemplate[${i}].item：材料「${itemName(t.item)}」重复`);
    seenItems.add(t.item);
    if (t.item === PackageItem.VIDEO && (t.fileCategories.length !== 1 || t.fileCategories[0] !== 2)) {
      throw bad(`packageTemplate[${i}].fileCategories`, `参数 packageTemplate[${i}].fileCategories：「${itemName(t.item)}」只能是视频文件（类别 2）`);
    }
    if (t.item === PackageItem.VIDEO && t.maxFiles !== 1) throw bad(`packageTemplate[${i}].maxFiles`, `参数 packageTemplate[${i}].maxFiles：「${itemName(t.item)}」只能有 1 个文件`);
  });

  a.scope.forEach((s, i) => {
    if (s.bookId && !s.editionId) throw bad(`scope[${i}].editionId`, `参数 scope[${i}].editionId（教材版本）：指定册次时须同时指定版本`);
    const j = a.scope.findIndex((o) => sameEntry(o, s));
    if (j !== i) throw bad(`scope[${i}]`, `参数 scope[${i}]：与 scope[${j}] 重复`);
  });

  const v = a.videoRules;
  if (v.minDurationSeconds !== null && v.maxDurationSeconds !== null && v.maxDurationSeconds < v.minDurationSeconds) {
    throw bad('videoRules.maxDurationSeconds', '参数 videoRules.maxDurationSeconds（最长时长）不能小于最短时长');
  }
}

/** A pair given in full must close after it opens (the table's checks, said before they fire). */
function checkWindowPairs(a: ActivityWindows): void {
  const pairs: Array<[WindowKey, WindowKey]> = [
    ['signUpStartTime', 'signUpEndTime'],
    ['uploadStartTime', 'uploadEndTime'],
    ['auditStartTime', 'auditEndTime'],
  ];
  for (const [start, end] of pairs) {
    const s = a[start];
    const e = a[end];
    if (s !== null && e !== null && e <= s) throw bad(end, `参数 ${end}（${WINDOW_NAMES[end]}）须晚于${WINDOW_NAMES[start]}`);
  }
}

/** What publishing needs: all six windows in order, a scope, a review level and a required video. */
export function checkPublishable(a: ActivityFields): void {
  for (const key of WINDOW_KEYS) {
    if (a[key] === null) throw bad(key, `发布前须填写${WINDOW_NAMES[key]}（参数 ${key}）`);
  }
  const w = a as { [K in WindowKey]: number };
  const order: Array<[WindowKey, WindowKey, 'gt' | 'ge']> = [
    ['signUpEndTime', 'signUpStartTime', 'gt'],
    ['uploadStartTime', 'signUpStartTime', 'ge'],
    ['uploadEndTime', 'signUpEndTime', 'ge'],
    ['uploadEndTime', 'uploadStartTime', 'gt'],
    ['auditStartTime', 'uploadStartTime', 'ge'],
    ['auditEndTime', 'uploadEndTime', 'ge'],
    ['auditEndTime', 'auditStartTime', 'gt'],
  ];
  for (const [later, earlier, how] of order) {
    const fine = how === 'gt' ? w[later] > w[earlier] : w[later] >= w[earlier];
    if (!fine) throw bad(later, `参数 ${later}（${WINDOW_NAMES[later]}）须${how === 'gt' ? '晚于' : '不早于'}${WINDOW_NAMES[earlier]}`);
  }
  if (a.scope.length === 0) throw bad('scope', '发布前须选择征集范围（参数 scope：至少一个学段学科）');
  if (a.reviewLevels.length === 0) throw bad('reviewLevels', '发布前须选择评审级别（参数 reviewLevels：至少一级）');
  if (!a.packageTemplate.some((t) => t.item === PackageItem.VIDEO && t.required)) {
    throw bad('packageTemplate', '发布前作品材料须包含必交的「课堂实录视频」（参数 packageTemplate）');
  }
}

/**
 * What an edit of an activity in `status` may change (`signUps`: teachers holding a sign-up).
 * Draft: everything. Published: name, notice, cover and attachments anytime; windows only extended (an
 * end moved later, an opened window's start never moved past now); scope, levels, package, video
 * rules and system while nobody signed up, after that the scope only grows and the rules only loosen;
 * never the organiser. Withdrawn: nothing (set/status first).
 */
export function checkEditAllowed(status: number, before: ActivityFields, after: ActivityFields, signUps: number, now: number): void {
  if (status === ActivityStatus.DRAFT) return;
  if (status === ActivityStatus.WITHDRAWN) {
    throw conflict('status', '已撤回的活动不能修改：请先改回草稿（无人报名时）或重新发布');
  }
  if (after.orgId !== before.orgId) throw conflict('orgId', '已发布的活动不能更换主办单位');
  for (const key of WINDOW_KEYS) {
    const was = before[key]!;
    const is = after[key];
    if (is === null) throw bad(key, `已发布的活动须保留${WINDOW_NAMES[key]}（参数 ${key}）`);
    if (key.endsWith('EndTime') && is < was) throw conflict(key, `已发布的活动只能延长时间窗口：${WINDOW_NAMES[key]}不能提前（参数 ${key}）`);
    if (key.endsWith('StartTime') && was <= now && is > now) throw conflict(key, `${WINDOW_NAMES[key]}已到，不能再推迟到现在之后（参数 ${key}）`);
  }
  if (signUps === 0) return;
  const lost = before.scope.findIndex((s) => !after.scope.some((o) => sameEntry(o, s)));
  if (lost >= 0) throw conflict('scope', `已有 ${signUps} 位教师报名：征集范围只能增加，不能移除原有的第 ${lost + 1} 项（参数 scope）`);
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  const fixed: Array<[keyof ActivityFields, string]> = [
    ['reviewLevels', '评审级别'],
    ['packageTemplate', '作品材料'],
    ['videoRules', '视频技术要求'],
    ['activitySystem', '活动类型'],
  ];
  for (const [key, label] of fixed) {
    if (!same(before[key], after[key])) throw conflict(key, `已有 ${signUps} 位教师报名：不能再修改${label}（参数 ${key}）`);
  }
  if (after.rules.nodesPerTeacher < before.rules.nodesPerTeacher) {
    throw conflict('rules.nodesPerTeacher', `已有 ${signUps} 位教师报名：每位教师可认领节点数只能增加（参数 rules.nodesPerTeacher）`);
  }
  if (after.rules.teachersPerNode < before.rules.teachersPerNode) {
    throw conflict('rules.teachersPerNode', `已有 ${signUps} 位教师报名：每个节点可报名教师数只能增加（参数 rules.teachersPerNode）`);
  }
  if (before.rules.allowFormatWarnings && !after.rules.allowFormatWarnings) {
    throw conflict('rules.allowFormatWarnings', `已有 ${signUps} 位教师报名：不能再收紧形式审查（参数 rules.allowFormatWarnings）`);
  }
}
