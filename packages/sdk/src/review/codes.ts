/** The code tables of the works review (docs/activities.md "Works review"). */
import { enumOf, type EnumEntry } from '../codes/enum.js';

/** A reviewer's decision on a work (`activityAudit/auditWorks`). High-quality only at the top level. */
export const AuditDecision = { PASS: 1, RETURN: 2, REJECT: 3, EXCELLENT: 4 } as const;
export type AuditDecisionCode = (typeof AuditDecision)[keyof typeof AuditDecision];
export const AuditDecisions = enumOf('AuditDecision', [
  { value: 1, label: '通过', labelEn: 'Pass' },
  { value: 2, label: '退回修改', labelEn: 'Return for revision' },
  { value: 3, label: '不通过', labelEn: 'Reject' },
  { value: 4, label: '评为优秀', labelEn: 'Mark high-quality' },
] as const satisfies readonly EnumEntry<number>[]);

/** How two reviewers' decisions on one work count. */
export const REVIEW_COMBINES = ['average', 'final'] as const;
export type ReviewCombine = (typeof REVIEW_COMBINES)[number];
