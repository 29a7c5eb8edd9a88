/**
 * The shapes of the works-review statistics (the four `sta*` families) and of the high-quality works
 * (activityWork high-quality calls), shared by server and portal. docs/api.md "Statistics" and
 * "High-quality works" list every call with its method, body and answer.
 */
import type { ActivityPhase, AuditLevelCode } from '../activities/codes.js';
import type { AuditDecisionCode } from './codes.js';
import type { AuditWorkItem } from './types.js';
import type { ReviewerPlace } from './reviewer.js';

/** Counts of works by where they stand (every statistics row carries them). */
export interface WorkCounts {
  /** Works saved in any state but withdrawn (drafts included). */
  works: number;
  /** Submitted (submit status 1). */
  submitted: number;
  /** Waiting for a decision at some level (review state 1). */
  pending: number;
  /** Returned to the teacher for revision (2). */
  returned: number;
  /** Passed the top level (3) — high-quality works are counted in `excellent`, not here. */
  passed: number;
  rejected: number;
  /** Marked high-quality at the top level (5). */
  excellent: number;
}

// ---------------------------------------------------------------------------------------------------
// /cloudSchool/v1/staActivityManage/* — the organiser's statistics of one activity
// ---------------------------------------------------------------------------------------------------

/** `GET staActivityManage/total?activityId=`: the activity in figures. */
export interface ActivityTotals extends WorkCounts {
  activityId: string;
  /** Teachers signed up (sign-ups not cancelled). */
  signUpPersons: number;
  /** Nodes claimed by those sign-ups. */
  signUpNodes: number;
  /** Distinct schools and districts with at least one sign-up. */
  schools: number;
  districts: number;
}

/** Query of `POST staActivityManage/signUpPersons/page` (sign-up persons, 报名人员). */
export interface SignUpPersonQuery {
  activityId: string;
  pageNum: number;
  pageSize: number;
  districtId?: string;
  schoolId?: string;
  stage?: number;
  subjectCode?: number;
  /** Matches the teacher's name or phone. */
  keyword?: string;
}

/** One teacher signed up for the activity. */
export interface SignUpPersonRow {
  signUpId: string;
  userId: string;
  realName: string;
  phone: string;
  schoolId: string;
  schoolName: string;
  districtId: string | null;
  districtName: string;
  stage: number;
  stageName: string;
  subjectCode: number;
  subjectName: string;
  /** Nodes claimed, works saved, works submitted. */
  nodeCount: number;
  workCount: number;
  submittedCount: number;
  signedUpAt: number;
}

/** `GET staActivityManage/subject?activityId=`: one row per stage and subject of the activity's scope. */
export interface SubjectStatRow extends WorkCounts {
  stage: number;
  stageName: string;
  subjectCode: number;
  subjectName: string;
  signUpPersons: number;
}

/**
 * `GET staActivityManage/area?activityId=&districtId=`: without `districtId` one row per district of the
 * organiser's subtree; with it one row per school of that district. Units without sign-ups are listed
 * with zeros (the chart shows who did not take part).
 */
export interface AreaStatRow extends WorkCounts {
  orgId: string;
  orgName: string;
  /** 'district' or 'school'. */
  kind: 'district' | 'school';
  signUpPersons: number;
}

/** Where a curriculum node stands: no work, works submitted, a work passed the top level, a high-quality work. */
export type CoverState = 'none' | 'works' | 'passed' | 'excellent';

/** Node coverage of one stage+subject (or the whole activity). Each node counts once, at its best state. */
export interface CoverSummary {
  stage: number | null;
  stageName: string;
  subjectCode: number | null;
  subjectName: string;
  /** Nodes of the activity's books (or knowledge nodes) for this stage and subject. */
  nodes: number;
  noWork: number;
  /** Nodes with at least one submitted work (whatever its review state). */
  withWorks: number;
  /** Nodes with at least one work passed at the top level (or high-quality). */
  withPassed: number;
  withExcellent: number;
}

/** `GET staActivityManage/cover?activityId=`: the whole activity first, then per stage and subject. */
export interface CoverStat {
  total: CoverSummary;
  subjects: CoverSummary[];
}

/** Query of `POST staActivityManage/cover/nodes/page` (the heat map / node table). */
export interface CoverNodeQuery {
  activityId: string;
  pageNum: number;
  pageSize: number;
  stage?: number;
  subjectCode?: number;
  bookId?: string;
  state?: CoverState;
}

export interface CoverNodeRow {
  nodeId: string;
  nodeName: string;
  /** Path of chapter names above the node, e.g. 「第一章 有理数 / 1.1 正数和负数」. */
  path: string;
  bookId: string | null;
  bookName: string;
  stage: number;
  subjectCode: number;
  /** Sign-ups holding the node. */
  signUps: number;
  works: number;
  passed: number;
  excellent: number;
  state: CoverState;
}

/** Which table `POST staActivityManage/export` writes (one sheet each; `all` = every table in one file). */
export type ActivityStatTable = 'total' | 'signUpPersons' | 'subject' | 'area' | 'cover' | 'all';

/** Body of `POST staActivityManage/export` → an .xlsx blob. */
export interface ActivityStatExportInput {
  activityId: string;
  table: ActivityStatTable;
}

// ---------------------------------------------------------------------------------------------------
// /cloudSchool/v1/staMyWorkAuditOverview/* — a reviewer's own overview (我的作品评审概况)
// ---------------------------------------------------------------------------------------------------

/** Counts of one reviewer's work. */
export interface AuditProgress {
  /** Works that reached the reviewer (decided by them + waiting for them). */
  assigned: number;
  /** Works the reviewer decided (each work once per level and round). */
  done: number;
  /** Works waiting for this reviewer's decision now. */
  pending: number;
  passed: number;
  returned: number;
  rejected: number;
  excellent: number;
}

/** `GET staMyWorkAuditOverview/activities`: every activity the caller reviews in, with their totals. */
export interface MyAuditActivityRow extends AuditProgress {
  activityId: string;
  activityName: string;
  auditStartTime: number | null;
  auditEndTime: number | null;
  /** Inside the audit window now. */
  auditOpen: boolean;
}

/** One assignment's line of `GET staMyWorkAuditOverview/overview?activityId=`. */
export interface MyAuditRow extends AuditProgress, ReviewerPlace {
  /** The level's quota for the assignment's unit (null = no limit) and how much of it is used. */
  quota: number | null;
  quotaUsed: number;
}

export interface MyAuditOverview {
  activityId: string;
  activityName: string;
  auditStartTime: number | null;
  auditEndTime: number | null;
  total: AuditProgress;
  rows: MyAuditRow[];
}

// ---------------------------------------------------------------------------------------------------
// /cloudSchool/v1/staCollectActivityOverview/* — the organiser's overview of an activity (资源征集活动概况)
// ---------------------------------------------------------------------------------------------------

/** Review progress at one level of the activity. */
export interface LevelProgressRow {
  level: AuditLevelCode;
  levelName: string;
  /** Works waiting at this level now. */
  pending: number;
  /** Works that passed this level (moved up, or passed/high-quality at the top). */
  passed: number;
  /** Works returned or rejected at this level (the last decision that counted). */
  returned: number;
  rejected: number;
  excellent: number;
  /** Reviewers assigned at this level. */
  reviewers: number;
  /** Decisions recorded at this level (every one, provisional ones too). */
  decisions: number;
}

/** `GET staCollectActivityOverview/overview?activityId=`. */
export interface CollectActivityOverview {
  activityId: string;
  activityName: string;
  /** The activity's phase now (`draft | withdrawn | notStarted | signUp | upload | review | ended`). */
  phase: ActivityPhase;
  signUpPersons: number;
  signUpNodes: number;
  counts: WorkCounts;
  /** Drafts and withdrawn works (not in `counts.submitted`). */
  drafts: number;
  withdrawn: number;
  levels: LevelProgressRow[];
}

/** `GET staCollectActivityOverview/daily?activityId=`: per China-time day, for the trend chart. */
export interface DailyActivityRow {
  /** YYYY-MM-DD in China time. */
  day: string;
  signUps: number;
  submitted: number;
  decisions: number;
}

// ---------------------------------------------------------------------------------------------------
// /cloudSchool/v1/staTeacherAudit/* — the organiser's view of the reviewers (教师评审详情)
// ---------------------------------------------------------------------------------------------------

/** Query of `POST staTeacherAudit/page`. */
export interface ReviewerStatQuery {
  activityId: string;
  pageNum: number;
  pageSize: number;
  level?: AuditLevelCode;
  stage?: number;
  subjectCode?: number;
  /** Matches the reviewer's name. */
  keyword?: string;
}

/** One reviewer of the activity (all their assignments summed). */
export interface ReviewerStatRow extends AuditProgress {
  userId: string;
  userName: string;
  /** Their assignments, e.g. 「区级 · 初中数学 · 南湖区」. */
  assignments: string[];
  levels: AuditLevelCode[];
  /** Mean time from a work reaching the level to this reviewer's decision, ms (null before any decision). */
  avgDecisionMs: number | null;
  lastDecisionAt: number | null;
}

/** Query of `POST staTeacherAudit/detail/page`: one reviewer's decisions. */
export interface ReviewerDecisionQuery {
  activityId: string;
  userId: string;
  pageNum: number;
  pageSize: number;
  decision?: AuditDecisionCode;
}

export interface ReviewerDecisionRow {
  auditId: string;
  workId: string;
  title: string;
  /** The organiser sees the teacher and school even when the review is blind (the reviewers do not). */
  teacherName: string;
  schoolName: string;
  nodeName: string;
  level: AuditLevelCode;
  round: number;
  decision: AuditDecisionCode;
  score: number | null;
  opinion: string;
  counted: boolean;
  at: number;
  /** From the work reaching the level to this decision, ms. */
  decisionMs: number | null;
}

/** Body of `POST staTeacherAudit/export` (the reviewers table; with `userId` that reviewer's decisions). */
export interface ReviewerStatExportInput {
  activityId: string;
  userId?: string;
}

// ---------------------------------------------------------------------------------------------------
// activityWork high-quality works (优秀作品)
// ---------------------------------------------------------------------------------------------------

/** Query of `POST activityWork/getHighQualityWorkPage` (public) and `getManageViewHighQualityWorkPage`. */
export interface HighQualityWorkQuery {
  pageNum: number;
  pageSize: number;
  activityId?: string;
  stage?: number;
  subjectCode?: number;
  editionId?: string;
  bookId?: string;
  /** Matches the title or the teacher's name. */
  keyword?: string;
}

/** A high-quality work, published as a lesson of the catalogue. */
export interface HighQualityWorkRow {
  workId: string;
  /** The catalogue lesson it became (open it at /learn or goodWorkList/{courseId}/{type}). */
  lessonId: string | null;
  activityId: string;
  activityName: string;
  title: string;
  teacherName: string;
  schoolId: string;
  schoolName: string;
  districtName: string;
  stage: number;
  stageName: string;
  subjectCode: number;
  subjectName: string;
  editionId: string | null;
  editionName: string;
  bookId: string | null;
  bookName: string;
  nodeId: string;
  nodeName: string;
  coverUrl: string;
  score: number | null;
  /** When it was marked high-quality. */
  excellentAt: number | null;
}

/** Filter options (`getHighQualityWorkStages|Subjects|Editions|Books`): only values with high-quality works. */
export interface HighQualityStageOption { stage: number; stageName: string }
export interface HighQualitySubjectOption { subjectCode: number; subjectName: string }
export interface HighQualityEditionOption { editionId: string; editionName: string }
export interface HighQualityBookOption { bookId: string; bookName: string }

/** Query of the filter calls: each narrows by what is chosen before it (and by activity when given). */
export interface HighQualityFilterQuery {
  activityId?: string;
  stage?: number;
  subjectCode?: number;
  editionId?: string;
}

/** Body of `POST activityWork/exportHighQualityWork` → an .xlsx blob (the same filters, every row). */
export type HighQualityExportInput = Omit<HighQualityWorkQuery, 'pageNum' | 'pageSize'>;

/** Body of `POST activityAuditPerson/exportUploadedWorkNode` → an .xlsx blob: the works uploaded per node. */
export interface UploadedWorkNodeExportInput {
  activityId: string;
  stage?: number;
  subjectCode?: number;
  editionId?: string;
  bookId?: string;
}

/** `activityWork/getHighQualityWorkDocuments` (public): the package documents of a high-quality work. */
export interface HighQualityWorkDocuments {
  workId: string;
  lessonId: string | null;
  title: string;
  /** The documents (lesson design, task sheet, courseware, exercises) with signed links; the video plays in the lesson player. */
  items: AuditWorkItem[];
}
