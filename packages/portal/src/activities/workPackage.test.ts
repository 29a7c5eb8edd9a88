import { describe, expect, it } from 'vitest';
import { WorkReviewState, WorkSubmitStatus, type ActivityWork, type FormatReview, type PackageTemplateItem } from '@dscloud/sdk/activities';
import { acceptFor, missingRequired, reviewView, submitBlock, workActions } from './workPackage';

const template: PackageTemplateItem[] = [
  { item: 1, required: true, fileCategories: [2], maxFiles: 1 },
  { item: 2, required: true, fileCategories: [5], maxFiles: 1 },
  { item: 4, required: false, fileCategories: [5, 6], maxFiles: 3 },
];
const review = (...severities: Array<'error' | 'warning'>): FormatReview => ({
  passed: !severities.includes('error'),
  checkedAt: 1,
  failures: severities.map((severity, i) => ({ rule: `r${i}`, item: 1, message: `问题${i}`, severity })),
});
const work = (over: Partial<ActivityWork>): ActivityWork =>
  ({ submitStatus: WorkSubmitStatus.DRAFT, reviewState: WorkReviewState.NONE, reviewLevel: null, items: [], formatReview: null, ...over }) as ActivityWork;
const strict = { allowFormatWarnings: false };
const lenient = { allowFormatWarnings: true };

describe('package items', () => {
  it('give the uploader the item’s categories by name', () => {
    expect(acceptFor(template[0]!)).toBe('video');
    expect(acceptFor(template[2]!)).toBe('text,ppt');
  });

  it('name the required items still without a file', () => {
    expect(missingRequired(template, [])).toEqual([1, 2]);
    expect(missingRequired(template, [{ item: 1 }, { item: 4 }])).toEqual([2]);
    expect(missingRequired(template, [{ item: 1 }, { item: 2 }])).toEqual([]);
  });
});

describe('format review', () => {
  it('errors always stop submission; warnings only when the activity does not allow them', () => {
    expect(reviewView(review('error', 'warning'), lenient)).toMatchObject({ allowsSubmit: false });
    expect(reviewView(review('warning'), lenient).allowsSubmit).toBe(true);
    expect(reviewView(review('warning'), strict).allowsSubmit).toBe(false);
    const split = reviewView(review('warning', 'error', 'error'), strict);
    expect([split.errors.length, split.warnings.length]).toEqual([2, 1]);
  });

  it('says the first thing that blocks a submission', () => {
    const items = [{ item: 1 as const }, { item: 2 as const }] as ActivityWork['items'];
    expect(submitBlock(work({ items }), template, strict, false)).toBe('closed');
    expect(submitBlock(work({ items: items.slice(0, 1) }), template, strict, true)).toBe('missing');
    expect(submitBlock(work({ items }), template, strict, true)).toBe('notReviewed');
    expect(submitBlock(work({ items, formatReview: review('error') }), template, strict, true)).toBe('errors');
    expect(submitBlock(work({ items, formatReview: review('warning') }), template, strict, true)).toBe('warnings');
    expect(submitBlock(work({ items, formatReview: review('warning') }), template, lenient, true)).toBeNull();
  });
});

describe('work actions', () => {
  const ctx = { uploadOpen: true, rules: strict, firstLevel: 1 as const };
  it('a draft that passed may be edited, submitted and deleted; a failing one not submitted', () => {
    expect(workActions(work({ formatReview: review() }), ctx)).toEqual(['edit', 'submit', 'delete']);
    expect(workActions(work({ formatReview: review('error') }), ctx)).toEqual(['edit', 'delete']);
    expect(workActions(work({ formatReview: review() }), { ...ctx, uploadOpen: false })).toEqual(['delete']);
  });

  it('a submitted work may be withdrawn only while pending at the first level', () => {
    const submitted = { submitStatus: WorkSubmitStatus.SUBMITTED, reviewState: WorkReviewState.PENDING } as const;
    expect(workActions(work({ ...submitted, reviewLevel: 1 }), ctx)).toEqual(['withdraw']);
    expect(workActions(work({ ...submitted, reviewLevel: 2 }), ctx)).toEqual([]);
    expect(workActions(work({ ...submitted, reviewState: WorkReviewState.PASSED, reviewLevel: 1 }), ctx)).toEqual([]);
  });

  it('a returned work is edited and submitted again in the upload or the audit window', () => {
    const returned = { submitStatus: WorkSubmitStatus.SUBMITTED, reviewState: WorkReviewState.RETURNED, reviewLevel: 2 as const } as const;
    expect(workActions(work({ ...returned, formatReview: review() }), ctx)).toEqual(['edit', 'resubmit']);
    expect(workActions(work({ ...returned, formatReview: review() }), { ...ctx, uploadOpen: false, auditOpen: true })).toEqual(['edit', 'resubmit']);
    expect(workActions(work({ ...returned, formatReview: review('error') }), { ...ctx, uploadOpen: false, auditOpen: true })).toEqual(['edit']);
    expect(workActions(work({ ...returned, formatReview: review() }), { ...ctx, uploadOpen: false, auditOpen: false })).toEqual([]);
    // A work rejected for good is not the teacher's to change.
    expect(workActions(work({ submitStatus: WorkSubmitStatus.SUBMITTED, reviewState: WorkReviewState.REJECTED, formatReview: review() }), { ...ctx, auditOpen: true })).toEqual([]);
  });

  it('a withdrawn work is edited again (not deleted)', () => {
    expect(workActions(work({ submitStatus: WorkSubmitStatus.WITHDRAWN }), ctx)).toEqual(['edit']);
  });
});
