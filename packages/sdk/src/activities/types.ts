/**
 * The activity shapes client and server share (docs/api.md "Activities"): the server answers with
 * them and validates against them; the portal, `<ds-activity-list>` and the tests read them. Times are
 * epoch milliseconds; ids are strings.
 */
import type { ActivityPhase, AuditLevelCode, PackageItemCode, WorkReviewStateCode, WorkSubmitStatusCode } from './codes.js';
import type { FormatFailure, VideoProbe, VideoRules } from './videoRules.js';
import type { ReviewRules } from '../review/reviewRules.js';

export type { FormatFailure } from './videoRules.js';

export type { Page } from '../lessons/types.js';

/** The six window bounds; a draft may leave any of them empty, publishing needs all six. */
export interface ActivityWindows {
  signUpStartTime: number | null;
  signUpEndTime: number | null;
  uploadStartTime: number | null;
  uploadEndTime: number | null;
  auditStartTime: number | null;
  auditEndTime: number | null;
}

/** One row of the scope: a subject of a stage, optionally narrowed to an edition and one of its books. */
export interface ActivityScopeEntry {
  stage: number;
  subjectCode: number;
  editionId: string | null;
  bookId: string | null;
}

/** A package item of the template: whether it is required and which file categories it takes. */
export interface PackageTemplateItem {
  item: PackageItemCode;
  required: boolean;
  /** FileCategories codes (2 video, 5 text, 6 ppt, …). */
  fileCategories: number[];
  /** At most this many files for the item (1 for the video). */
  maxFiles: number;
}

export interface ActivityRules {
  /** Works (claimed nodes) one teacher may hold in the activity. */
  nodesPerTeacher: number;
  /** Teachers who may claim the same node. */
  teachersPerNode: number;
  /** A work failing only rules marked as warnings may still be submitted. */
  allowFormatWarnings: boolean;
}

export interface ActivityAttachment {
  fileId: string;
  name: string;
  url: string;
}

/** Body of `resourceCollectActivity/save` (no id) and `edit` (with `activityId` and `version`). */
export interface ActivityInput extends ActivityWindows {
  activityId?: string;
  /** The version read; an edit against an older version is refused (409) with the current one. */
  version?: number;
  name: string;
  description: string;
  coverUrl: string;
  coverFileId: string | null;
  /** The organiser; defaults to the organisation of the caller's managing role. */
  orgId?: string;
  activitySystem: number;
  scope: ActivityScopeEntry[];
  reviewLevels: AuditLevelCode[];
  packageTemplate: PackageTemplateItem[];
  rules: ActivityRules;
  videoRules: VideoRules;
  attachments: ActivityAttachment[];
  /** The works review's rules (docs/activities.md "Works review"); absent keys take the defaults. */
  reviewRules?: Partial<ReviewRules>;
}

/** The labels the lists show for a scope. */
export interface ActivityScopeLabel extends ActivityScopeEntry {
  stageName: string;
  subjectName: string;
  editionName: string;
  bookName: string;
}

/** A card of the public list (`publish/list`) and a row of the organiser's table (`page`). */
export interface ActivitySummary extends ActivityWindows {
  activityId: string;
  name: string;
  coverUrl: string;
  orgId: string;
  orgName: string;
  activitySystem: number;
  activitySystemName: string;
  status: number;
  phase: ActivityPhase;
  /** When the current phase's window closes (null when no window is running). */
  phaseEndTime: number | null;
  stages: Array<{ stage: number; stageName: string }>;
  subjects: Array<{ subjectCode: number; subjectName: string }>;
  signUpCount: number;
  /** Submitted works. */
  workCount: number;
  publishTime: number | null;
  version: number;
}

/** `detail/{id}` (organiser) and `teacher/detail/{id}` (with `mySignUp`). */
export interface ActivityDetail extends ActivitySummary {
  description: string;
  coverFileId: string | null;
  scope: ActivityScopeLabel[];
  reviewLevels: AuditLevelCode[];
  packageTemplate: PackageTemplateItem[];
  rules: ActivityRules;
  videoRules: VideoRules;
  attachments: ActivityAttachment[];
  reviewRules: ReviewRules;
  createTime: number;
  updateTime: number;
  /** The caller's own sign-up (teacher detail only; null when not signed up). */
  mySignUp?: SignUpSummary | null;
}

export interface SignUpSummary {
  signUpId: string;
  activityId: string;
  userId: string;
  realName: string;
  phone: string;
  schoolId: string;
  schoolName: string;
  districtId: string | null;
  districtName: string;
  stage: number;
  subjectCode: number;
  status: number;
  nodes: SignUpNode[];
  createTime: number;
}

export interface SignUpNode {
  signUpNodeId: string;
  nodeId: string;
  nodeName: string;
  /** Book and chapter path names, for display ("七年级上册 / 第一章 / 1.1"). */
  pathNames: string[];
  status: number;
  /** The work of this node, when one exists. */
  workId: string | null;
}

/** `activitySignUp/getUserInfo/{activityId}`: the sign-up form's prefill and whether the teacher may join. */
export interface SignUpUserInfo {
  realName: string;
  phone: string;
  schoolId: string;
  schoolName: string;
  districtId: string | null;
  districtName: string;
  stage: number | null;
  subjectCode: number | null;
  eligible: boolean;
  /** Why not, when not eligible. */
  reason?: string;
}

/** A node of `activitySignUp/nodeTree`, with its occupancy. */
export interface OccupancyNode {
  nodeId: string;
  parentId: string | null;
  name: string;
  kind: 'chapter' | 'knowledge';
  level: number;
  /** Teachers holding the node now. */
  taken: number;
  /** The rule's limit (`teachersPerNode`). */
  limit: number;
  /** Whether the caller may claim it now (free place, caller under their own limit, not already theirs). */
  claimable: boolean;
  mine: boolean;
  children: OccupancyNode[];
}

/** One file of a work's package. */
export interface WorkItemFile {
  item: PackageItemCode;
  fileId: string;
  fileName: string;
  fileSize: number;
  probe: VideoProbe | null;
}

export interface FormatReview {
  passed: boolean;
  failures: FormatFailure[];
  checkedAt: number;
}

/** A work, as its teacher and the organiser see it. `lessonId` is the work's id (spec §7). */
export interface ActivityWork {
  lessonId: string;
  activityId: string;
  signUpId: string;
  signUpNodeId: string;
  nodeId: string;
  nodeName: string;
  userId: string;
  teacherName: string;
  schoolId: string;
  schoolName: string;
  title: string;
  description: string;
  submitStatus: WorkSubmitStatusCode;
  reviewState: WorkReviewStateCode;
  reviewLevel: AuditLevelCode | null;
  items: WorkItemFile[];
  formatReview: FormatReview | null;
  submitTime: number | null;
  createTime: number;
  updateTime: number;
  version: number;
}

/** Body of `activityWork/save` (no `lessonId`: a new work of the claimed node; with it: an edit). */
export interface WorkInput {
  lessonId?: string;
  version?: number;
  signUpNodeId: string;
  title: string;
  description: string;
  items: Array<{ item: PackageItemCode; fileId: string }>;
}

/** A row of `menu/remind`: something the teacher should do soon. */
export interface ActivityReminder {
  activityId: string;
  activityName: string;
  kind: 'signUpClosing' | 'worksToSubmit' | 'returned';
  /** The window's end that makes it urgent. */
  deadline: number | null;
  /** Works concerned (0 for a sign-up reminder). */
  count: number;
}

/** How far a submitted work has come at one review level (`activityWork/getActivityReviewProgress`). */
export type WorkLevelState = 'notSubmitted' | 'waiting' | 'pending' | 'passed' | 'returned' | 'rejected';

/** One work of the caller with its place in the activity's review levels. */
export interface WorkReviewProgress {
  lessonId: string;
  title: string;
  nodeName: string;
  submitStatus: WorkSubmitStatusCode;
  reviewState: WorkReviewStateCode;
  reviewLevel: AuditLevelCode | null;
  levels: Array<{ level: AuditLevelCode; levelName: string; state: WorkLevelState }>;
  /** 1, +1 for each resubmission after a return. */
  round: number;
  /** The opinion of the last counted decision (why it was returned or rejected); '' before any. */
  opinion: string;
}

/** The caller's works of one stage and subject, counted (`activityWork/getActivitySubjectProgress`). */
export interface SubjectProgress {
  stage: number;
  stageName: string;
  subjectCode: number;
  subjectName: string;
  total: number;
  /** By submit status. */
  draft: number;
  submitted: number;
  withdrawn: number;
  /** Submitted works by review state. */
  pending: number;
  returned: number;
  passed: number;
  rejected: number;
  excellent: number;
}
