import { AuditLevels, WorkReviewStates } from '@dscloud/sdk/activities';
import { AuditDecisions } from '@dscloud/sdk/review';
import { useLocale } from '../../i18n/useT';

type Table = { find: (v: never) => { label: string; labelEn: string } | undefined };

/** Labels of the review code tables in the current language. */
export function useReviewLabels() {
  const en = useLocale() === 'en';
  const of = (table: Table, value: number | null | undefined) => {
    if (value === null || value === undefined) return '—';
    const e = table.find(value as never);
    return e ? (en ? e.labelEn : e.label) : String(value);
  };
  return {
    level: (v: number | null | undefined) => of(AuditLevels, v),
    state: (v: number | null | undefined) => of(WorkReviewStates, v),
    decision: (v: number | null | undefined) => of(AuditDecisions, v),
  };
}
