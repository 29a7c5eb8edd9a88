/**
 * A work package as the upload and management pages see it: which file kinds each template item
 * takes, what is still missing, what the format review found (errors vs warnings) and which actions
 * the work allows now. The server decides every one of these again; this only says it first.
 */
import { FILE_CATEGORY_BY_CODE } from '@dscloud/sdk/upload';
import {
  WorkReviewState,
  WorkSubmitStatus,
  type ActivityRules,
  type ActivityWork,
  type AuditLevelCode,
  type FormatFailure,
  type FormatReview,
  type PackageItemCode,
  type PackageTemplateItem,
} from '@dscloud/sdk/activities';

/** The uploader's `accept` for an item: its categories by name (`video`, `text,ppt`). */
export function acceptFor(item: PackageTemplateItem): string {
  return item.fileCategories
    .map((code) => FILE_CATEGORY_BY_CODE[code])
    .filter((name): name is NonNullable<typeof name> => Boolean(name))
    .join(',');
}

/** Required items of the template with no file yet, in template order. */
export function missingRequired(template: readonly PackageTemplateItem[], files: ReadonlyArray<{ item: PackageItemCode }>): PackageItemCode[] {
  const present = new Set(files.map((f) => f.item));
  return template.filter((t) => t.required && !present.has(t.item)).map((t) => t.item);
}

export interface ReviewView {
  errors: FormatFailure[];
  warnings: FormatFailure[];
  /** Whether the review lets the work be submitted under the activity's rules. */
  allowsSubmit: boolean;
}

/** Splits a review's failures; warnings stop submission only when the activity does not allow them. */
export function reviewView(review: FormatReview, rules: Pick<ActivityRules, 'allowFormatWarnings'>): ReviewView {
  const errors = review.failures.filter((f) => f.severity === 'error');
  const warnings = review.failures.filter((f) => f.severity === 'warning');
  return { errors, warnings, allowsSubmit: errors.length === 0 && (warnings.length === 0 || rules.allowFormatWarnings) };
}

export type WorkAction = 'edit' | 'submit' | 'resubmit' | 'withdraw' | 'delete';

export interface WorkActionContext {
  uploadOpen: boolean;
  rules: Pick<ActivityRules, 'allowFormatWarnings'>;
  /** The activity's first review level: a submitted work may be withdrawn only while it waits there. */
  firstLevel: AuditLevelCode | null;
  /** The audit window is open: a returned work may be edited and submitted again then too. */
  auditOpen?: boolean;
}

/** Returned for revision: submitted, with the reviewer's opinion waiting for the teacher. */
export const isReturned = (work: Pick<ActivityWork, 'submitStatus' | 'reviewState'>): boolean =>
  work.submitStatus === WorkSubmitStatus.SUBMITTED && work.reviewState === WorkReviewState.RETURNED;

/** Whether the teacher may edit the work now: drafts in the upload window, returned works in the upload or audit window. */
export const editOpen = (work: Pick<ActivityWork, 'submitStatus' | 'reviewState'> | null, ctx: Pick<WorkActionContext, 'uploadOpen' | 'auditOpen'>): boolean =>
  ctx.uploadOpen || (work !== null && isReturned(work) && ctx.auditOpen === true);

/**
 * What the teacher may do with a work now. Edit and submit need the upload window; submit needs a
 * review that allows it; withdraw only while the first level has not decided; delete drafts only.
 */
export function workActions(work: ActivityWork, ctx: WorkActionContext): WorkAction[] {
  const actions: WorkAction[] = [];
  const editable = work.submitStatus === WorkSubmitStatus.DRAFT || work.submitStatus === WorkSubmitStatus.WITHDRAWN;
  if (editable && ctx.uploadOpen) actions.push('edit');
  if (work.submitStatus === WorkSubmitStatus.DRAFT && ctx.uploadOpen && work.formatReview && reviewView(work.formatReview, ctx.rules).allowsSubmit)
    actions.push('submit');
  if (
    work.submitStatus === WorkSubmitStatus.SUBMITTED &&
    work.reviewState === WorkReviewState.PENDING &&
    (ctx.firstLevel === null || work.reviewLevel === ctx.firstLevel)
  )
    actions.push('withdraw');
  if (work.submitStatus === WorkSubmitStatus.DRAFT) actions.push('delete');
  if (isReturned(work) && editOpen(work, ctx)) {
    actions.push('edit');
    if (work.formatReview && reviewView(work.formatReview, ctx.rules).allowsSubmit) actions.push('resubmit');
  }
  return actions;
}

/** Why a draft cannot be submitted yet (null when it can): the first thing the teacher must fix. */
export function submitBlock(
  work: Pick<ActivityWork, 'formatReview' | 'items'>,
  template: readonly PackageTemplateItem[],
  rules: Pick<ActivityRules, 'allowFormatWarnings'>,
  uploadOpen: boolean,
): 'closed' | 'missing' | 'notReviewed' | 'errors' | 'warnings' | null {
  if (!uploadOpen) return 'closed';
  if (missingRequired(template, work.items).length) return 'missing';
  if (!work.formatReview) return 'notReviewed';
  const view = reviewView(work.formatReview, rules);
  if (view.errors.length) return 'errors';
  if (!view.allowsSubmit) return 'warnings';
  return null;
}
