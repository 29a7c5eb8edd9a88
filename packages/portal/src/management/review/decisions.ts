/**
 * Which decisions a reviewer may take on works, and what a batch answer means for the rows on screen.
 * The server decides again (levels, window, quota, compare-and-set); this only offers what can succeed.
 */
import { WorkReviewState } from '@dscloud/sdk/activities';
import { AuditDecision, type AuditDecisionCode, type AuditWorkRow, type AuditWorksResult } from '@dscloud/sdk/review';

/** The decisions for works at `level` of an activity reviewing at `levels`: high-quality only at the last level. */
export function decisionsAt(level: number | null, levels: readonly number[]): AuditDecisionCode[] {
  const base: AuditDecisionCode[] = [AuditDecision.PASS, AuditDecision.RETURN, AuditDecision.REJECT];
  const last = levels.length ? Math.max(...levels) : null;
  return level !== null && level === last ? [...base, AuditDecision.EXCELLENT] : base;
}

/** A work the reviewer can still decide: pending at a level, and not yet decided by them in this round. */
export const decidable = (row: Pick<AuditWorkRow, 'reviewState' | 'myDecision'>): boolean =>
  row.reviewState === WorkReviewState.PENDING && row.myDecision === null;

/** The decisions the selected rows allow together (every row must allow it). */
export function batchDecisions(rows: ReadonlyArray<Pick<AuditWorkRow, 'level' | 'reviewState' | 'myDecision'>>, levels: readonly number[]): AuditDecisionCode[] {
  if (rows.length === 0 || !rows.every(decidable)) return [];
  const sets = rows.map((r) => decisionsAt(r.level, levels));
  return sets[0]!.filter((d) => sets.every((s) => s.includes(d)));
}

export interface RowOutcome {
  workId: string;
  title: string;
  ok: boolean;
  /** The server's reason for a refusal, with its code. */
  message: string;
  code?: number;
}

/** Each sent work's outcome, in the order sent, with its title (refused works name the reason). */
export function outcomesOf(result: AuditWorksResult, rows: ReadonlyArray<Pick<AuditWorkRow, 'workId' | 'title'>>): RowOutcome[] {
  const title = new Map(rows.map((r) => [r.workId, r.title]));
  const refused = new Map(result.refused.map((r) => [r.workId, r]));
  const decided = new Set(result.decided.map((d) => d.workId));
  return rows
    .filter((r) => decided.has(r.workId) || refused.has(r.workId))
    .map((r) => {
      const no = refused.get(r.workId);
      return no ? { workId: r.workId, title: title.get(r.workId) ?? r.workId, ok: false, message: no.message, code: no.code } : { workId: r.workId, title: title.get(r.workId) ?? r.workId, ok: true, message: '' };
    });
}

/** The rows with what the server said they are now: a refusal's `current` replaces the row read before. */
export function refreshedRows<T extends AuditWorkRow>(rows: readonly T[], result: AuditWorksResult): T[] {
  const current = new Map(result.refused.filter((r) => r.current).map((r) => [r.workId, r.current!]));
  const decided = new Map(result.decided.map((d) => [d.workId, d]));
  return rows.map((row) => {
    const now = current.get(row.workId);
    if (now) return { ...row, ...now };
    const d = decided.get(row.workId);
    return d ? { ...row, version: d.version, reviewState: d.reviewState, level: (d.level ?? row.level) } : row;
  });
}
