/**
 * The activity's review rules: a file of their own so that the activities' shapes (ActivityInput and
 * ActivityDetail carry them) depend on them without depending on the rest of the review.
 */
import type { AuditLevelCode } from '../activities/codes.js';
import type { ReviewCombine } from './codes.js';

/** One criterion of the activity's rubric; a decision's score is the sum of the points given. */
export interface RubricItem {
  key: string;
  name: string;
  /** Highest points for this criterion. */
  max: number;
}

/** The activity's review rules (`activities.review_rules`), set by the organiser with the activity. */
export interface ReviewRules {
  /** Reviewers see neither the teacher's name nor the school. */
  blind: boolean;
  /** 1, or 2 (two independent decisions per work and level). */
  reviewersPerWork: 1 | 2;
  /** With two reviewers: `average` (the mean score against `passScore`) or `final` (the final reviewer decides a disagreement). */
  combine: ReviewCombine;
  /** The lowest average score that passes, with `combine: 'average'`. */
  passScore: number;
  /** Most works one organisation unit may pass up from a level (e.g. `{ 1: 5, 2: 3 }`); absent = no limit. */
  quotas: Partial<Record<AuditLevelCode, number>>;
  rubric: RubricItem[];
  opinionTemplates: string[];
}

export const RUBRIC_MAX_ITEMS = 20;
export const TEMPLATES_MAX = 20;
export const TEMPLATE_MAX_CHARS = 200;
export const OPINION_MAX_CHARS = 2000;

/** What an activity's review follows when the organiser set nothing (or only part of it). */
export const DEFAULT_REVIEW_RULES: ReviewRules = {
  blind: false,
  reviewersPerWork: 1,
  combine: 'average',
  passScore: 60,
  quotas: {},
  rubric: [],
  opinionTemplates: [],
};
