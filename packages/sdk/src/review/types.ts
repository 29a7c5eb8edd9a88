/** The shapes client and server share for the works review (docs/api.md "Works review"). */
import type { AuditLevelCode, WorkReviewStateCode } from '../activities/codes.js';
import type { FormatReview } from '../activities/types.js';
import type { AuditDecisionCode } from './codes.js';

export type { ReviewRules, RubricItem } from './reviewRules.js';

/** One assignment of a reviewer (`activityAuditPerson/save`, `getManagerViewPage`). */
export interface AuditPersonAssignment {
  id?: string;
  activityId: string;
  level: AuditLevelCode;
  userId: string;
  /** The unit whose works they review: a school (level 1), a district (2) or the city (3). */
  orgId: string;
  stage: number;
  subjectCode: number;
  finalReviewer: boolean;
}

/** A row of the organiser's reviewer table. */
export interface AuditPersonRow extends AuditPersonAssignment {
  id: string;
  userName: string;
  orgName: string;
  stageName: string;
  subjectName: string;
  /** Works waiting for this reviewer, and decided by them. */
  pending: number;
  done: number;
}

/** A work in a reviewer's list (`activityAudit/getAuditWorkPage`, `listAuditWorkByIds`). */
export interface AuditWorkRow {
  workId: string;
  /** Compare-and-set: send it back with the decision. */
  version: number;
  activityId: string;
  title: string;
  nodeId: string;
  nodeName: string;
  stage: number;
  subjectCode: number;
  subjectName: string;
  /** Empty when the review is blind. */
  teacherName: string;
  schoolName: string;
  level: AuditLevelCode;
  reviewState: WorkReviewStateCode;
  round: number;
  submittedAt: number | null;
  /** This reviewer's own decision at this level and round, if any (the other reviewer's stays hidden). */
  myDecision: AuditDecisionCode | null;
}

/** One file of a work's package, as the reviewer opens it. */
export interface AuditWorkItem {
  item: number;
  fileId: string;
  fileName: string;
  fileSize: number;
  /** A signed link to play or download it. */
  url: string;
}

/** Body of `activityAudit/auditWorks`: one work or a batch, one decision. */
export interface AuditWorksInput {
  works: { workId: string; version: number }[];
  decision: AuditDecisionCode;
  /** Points per rubric item (required when the activity has a rubric and the decision is pass or high-quality). */
  scores?: Record<string, number>;
  opinion?: string;
}

/** What `auditWorks` did: every work decided, or refused with the reason and the work as it now stands. */
export interface AuditWorksResult {
  decided: { workId: string; version: number; reviewState: WorkReviewStateCode; level: AuditLevelCode | null }[];
  refused: { workId: string; code: number; message: string; current?: AuditWorkRow }[];
}

/** One entry of `activityAudit/getAuditTrace/{workId}`. */
export interface AuditTraceEntry {
  level: AuditLevelCode;
  round: number;
  /** Empty for the teacher when the review is blind. */
  reviewerName: string;
  decision: AuditDecisionCode;
  score: number | null;
  opinion: string;
  counted: boolean;
  at: number;
}

/** A work as the reviewer opens it (`activityAudit/listAuditWorkByIds`): the row, the package with signed links, the format review. */
export interface AuditWorkDetail extends AuditWorkRow {
  description: string;
  items: AuditWorkItem[];
  formatReview: FormatReview | null;
  /** The score that counted at the last decided level. */
  reviewScore: number | null;
}
