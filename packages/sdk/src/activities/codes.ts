/** The code tables of resource-collection activities (docs/activities.md). */
import { enumOf, type EnumEntry } from '../codes/enum.js';

/** What kind of collection an activity is. */
export const ActivitySystems = enumOf('ActivitySystem', [
  { value: 1, label: '精品课', labelEn: 'Exemplary lessons' },
  { value: 2, label: '优课', labelEn: 'Quality lessons' },
  { value: 3, label: '微课', labelEn: 'Micro-lessons' },
] as const satisfies readonly EnumEntry<number>[]);

/** The stored status; the phase (`ActivityPhases`) follows from it and the windows. */
export const ActivityStatus = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;
export type ActivityStatusCode = (typeof ActivityStatus)[keyof typeof ActivityStatus];
export const ActivityStatuses = enumOf('ActivityStatus', [
  { value: 0, label: '草稿', labelEn: 'Draft' },
  { value: 1, label: '已发布', labelEn: 'Published' },
  { value: 2, label: '已撤回', labelEn: 'Withdrawn' },
] as const satisfies readonly EnumEntry<number>[]);

/** Where a published activity stands at a moment (computed by `activityPhase`, never stored). */
export const ACTIVITY_PHASES = ['draft', 'withdrawn', 'notStarted', 'signUp', 'upload', 'review', 'ended'] as const;
export type ActivityPhase = (typeof ACTIVITY_PHASES)[number];
export const ActivityPhases = enumOf('ActivityPhase', [
  { value: 'draft', label: '草稿', labelEn: 'Draft' },
  { value: 'withdrawn', label: '已撤回', labelEn: 'Withdrawn' },
  { value: 'notStarted', label: '未开始', labelEn: 'Not started' },
  { value: 'signUp', label: '报名中', labelEn: 'Sign-up open' },
  { value: 'upload', label: '作品上传中', labelEn: 'Uploading works' },
  { value: 'review', label: '评审中', labelEn: 'Under review' },
  { value: 'ended', label: '已结束', labelEn: 'Ended' },
] as const satisfies readonly EnumEntry<ActivityPhase>[]);

/** Review levels in review order: a work reaches level N only after passing N − 1. */
export const AuditLevel = { SCHOOL: 1, DISTRICT: 2, CITY: 3 } as const;
export type AuditLevelCode = (typeof AuditLevel)[keyof typeof AuditLevel];
export const AuditLevels = enumOf('AuditLevel', [
  { value: 1, label: '校级', labelEn: 'School' },
  { value: 2, label: '区级', labelEn: 'District' },
  { value: 3, label: '市级', labelEn: 'City' },
] as const satisfies readonly EnumEntry<number>[]);

/** The items of a work package. */
export const PackageItem = { VIDEO: 1, DESIGN: 2, WORKSHEET: 3, COURSEWARE: 4, EXERCISE: 5 } as const;
export type PackageItemCode = (typeof PackageItem)[keyof typeof PackageItem];
export const PackageItems = enumOf('PackageItem', [
  { value: 1, label: '课堂实录视频', labelEn: 'Lesson video' },
  { value: 2, label: '教学设计', labelEn: 'Lesson design' },
  { value: 3, label: '学习任务单', labelEn: 'Learning task sheet' },
  { value: 4, label: '课件', labelEn: 'Courseware' },
  { value: 5, label: '作业练习', labelEn: 'Exercises' },
] as const satisfies readonly EnumEntry<number>[]);

export const SignUpStatus = { CANCELLED: 0, ACTIVE: 1 } as const;

/** A work's submit status (the `submitStatus` of `activityWork/updateSubmitStatus`). */
export const WorkSubmitStatus = { DRAFT: 0, SUBMITTED: 1, WITHDRAWN: 2 } as const;
export type WorkSubmitStatusCode = (typeof WorkSubmitStatus)[keyof typeof WorkSubmitStatus];
export const WorkSubmitStatuses = enumOf('WorkSubmitStatus', [
  { value: 0, label: '草稿', labelEn: 'Draft' },
  { value: 1, label: '已提交', labelEn: 'Submitted' },
  { value: 2, label: '已撤销', labelEn: 'Withdrawn' },
] as const satisfies readonly EnumEntry<number>[]);

/** Where a submitted work stands in the review (the review's own states live with the audit calls). */
export const WorkReviewState = { NONE: 0, PENDING: 1, RETURNED: 2, PASSED: 3, REJECTED: 4, EXCELLENT: 5 } as const;
export type WorkReviewStateCode = (typeof WorkReviewState)[keyof typeof WorkReviewState];
export const WorkReviewStates = enumOf('WorkReviewState', [
  { value: 0, label: '未送审', labelEn: 'Not in review' },
  { value: 1, label: '待评审', labelEn: 'Pending review' },
  { value: 2, label: '退回修改', labelEn: 'Returned for revision' },
  { value: 3, label: '已通过', labelEn: 'Passed' },
  { value: 4, label: '未通过', labelEn: 'Rejected' },
  { value: 5, label: '优秀作品', labelEn: 'High-quality' },
] as const satisfies readonly EnumEntry<number>[]);
