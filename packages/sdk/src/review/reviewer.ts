/**
 * What a reviewer reads about the activities they review: the list of their activities with their
 * assignments (`activityAudit/myActivities`) and one activity's review rules (`activityAudit/getReviewRules`).
 */
import type { ActivityPhase, AuditLevelCode } from '../activities/codes.js';
import type { ReviewRules } from './reviewRules.js';

/** A level the reviewer reviews at in one unit, with the unit's quota (null when unlimited). */
export interface ReviewerLevel {
  level: AuditLevelCode;
  levelName: string;
  orgId: string;
  orgName: string;
  finalReviewer: boolean;
  quota: number | null;
  used: number;
  left: number | null;
}

/** Where a reviewer reviews: a level, a unit, a stage and a subject, with their names. */
export interface ReviewerPlace {
  level: AuditLevelCode;
  levelName: string;
  orgId: string;
  orgName: string;
  stage: number;
  stageName: string;
  subjectCode: number;
  subjectName: string;
}

/** One assignment: a place and whether the reviewer is its final reviewer. */
export interface ReviewerAssignment extends ReviewerPlace {
  finalReviewer: boolean;
}

/** An activity the caller reviews (published, not deleted), those under review first. */
export interface ReviewerActivityRow {
  activityId: string;
  name: string;
  phase: ActivityPhase;
  auditStartAt: number | null;
  auditEndAt: number | null;
  reviewLevels: AuditLevelCode[];
  levels: ReviewerLevel[];
  assignments: ReviewerAssignment[];
}

/** The activity's review rules as its reviewers read them, with its levels in order. */
export interface ReviewerRulesView extends ReviewRules {
  reviewLevels: AuditLevelCode[];
}
