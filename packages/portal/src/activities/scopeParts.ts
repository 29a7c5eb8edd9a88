/**
 * The parts of an activity's scope the sign-up page shows one at a time: one per scope row (a book,
 * an edition's books of a stage and subject, or a stage and subject's knowledge tree), each with the
 * `nodeTree` filter that asks for just that part.
 */
import type { ActivityScopeLabel } from '@dscloud/sdk/activities';

export interface TreeFilter {
  editionId?: string;
  bookId?: string;
  stage?: number;
  subjectCode?: number;
}

export interface ScopePart {
  key: string;
  /** e.g. 小学 语文 · 统编版 一年级上册 */
  label: string;
  filter: TreeFilter;
  stage: number;
  subjectCode: number;
}

export function scopeParts(scope: readonly ActivityScopeLabel[], knowledgeLabel: string): ScopePart[] {
  return scope.map((row) => {
    const filter: TreeFilter = row.bookId
      ? { bookId: row.bookId }
      : row.editionId
        ? { editionId: row.editionId, stage: row.stage, subjectCode: row.subjectCode }
        : { stage: row.stage, subjectCode: row.subjectCode };
    const where = row.bookId ? `${row.editionName} ${row.bookName}` : row.editionId ? row.editionName : knowledgeLabel;
    return {
      key: `${row.stage}-${row.subjectCode}-${row.editionId ?? ''}-${row.bookId ?? ''}`,
      label: `${row.stageName}${row.subjectName} · ${where}`.trim(),
      filter,
      stage: row.stage,
      subjectCode: row.subjectCode,
    };
  });
}

/** The part to open first: the first of the teacher's own stage and subject, else the first. */
export function firstPart(parts: readonly ScopePart[], mine?: { stage: number; subjectCode: number } | null): ScopePart | undefined {
  return (mine && parts.find((p) => p.stage === mine.stage && p.subjectCode === mine.subjectCode)) || parts[0];
}
