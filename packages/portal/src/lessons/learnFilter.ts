import type { HistoryNode, LessonFilter, LessonOrder } from '../api/lessons';

/** What the learner chose on /learn; every field optional, narrowing from stage down to the chapter. */
export type LearnChoice = Pick<LessonFilter, 'stage' | 'subjectCode' | 'grade' | 'editionId' | 'bookId' | 'nodeId' | 'keyword' | 'tagId'> & {
  orderBy: Extract<LessonOrder, 'newest' | 'hottest' | 'excellent'>;
  pageNum: number;
};

const NUMBERS = ['stage', 'subjectCode', 'grade', 'pageNum'] as const;
const TEXTS = ['editionId', 'bookId', 'nodeId', 'keyword', 'tagId'] as const;
const ORDERS = ['newest', 'hottest', 'excellent'] as const;

/**
 * `/learn/demand/:params` carries a choice as `subjectCode=214&grade=3`, so a filtered list can be linked
 * to; anything unreadable is left out rather than sent to the server to be refused.
 */
export function parseChoice(params: string | undefined): LearnChoice {
  const query = new URLSearchParams(params ?? '');
  const choice: LearnChoice = { orderBy: 'newest', pageNum: 1 };
  for (const key of NUMBERS) {
    const n = Number(query.get(key));
    if (query.has(key) && Number.isInteger(n) && n > 0) choice[key] = n;
  }
  for (const key of TEXTS) {
    const v = query.get(key);
    if (v && /^[\w\-.\u4e00-\u9fa5 ]{1,64}$/.test(v)) choice[key] = v;
  }
  const order = query.get('orderBy');
  if (order && (ORDERS as readonly string[]).includes(order)) choice.orderBy = order as LearnChoice['orderBy'];
  return choice;
}

export function formatChoice(choice: LearnChoice): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(choice)) {
    if (value === undefined || value === '' || (key === 'pageNum' && value === 1) || (key === 'orderBy' && value === 'newest')) continue;
    query.set(key, String(value));
  }
  return query.toString();
}

/** A change high up the chain (stage, subject…) clears what below it no longer fits, and goes to page 1. */
export function narrow(choice: LearnChoice, change: Partial<LearnChoice>): LearnChoice {
  const order = ['stage', 'subjectCode', 'grade', 'editionId', 'bookId', 'nodeId'] as const;
  const next: LearnChoice = { ...choice, pageNum: 1, ...change };
  const first = order.findIndex((key) => key in change);
  if (first >= 0) for (const key of order.slice(first + 1)) if (!(key in change)) delete next[key];
  return next;
}

export function toFilter(choice: LearnChoice, pageSize: number): LessonFilter {
  const { keyword, ...rest } = choice;
  return { ...rest, ...(keyword?.trim() ? { keyword: keyword.trim() } : {}), pageSize };
}

/** Grades of a stage (1–6 primary, 7–9 junior high, 10–12 senior high; none elsewhere). */
export function gradesOf(stage: number | undefined): number[] {
  if (stage === 2) return [1, 2, 3, 4, 5, 6];
  if (stage === 3) return [7, 8, 9];
  if (stage === 4) return [10, 11, 12];
  return [];
}


/**
 * Where a signed-in viewer last was on /learn is kept by the server per user and screen (HistoryNode,
 * business type `learn` or `teach`), so the screen opens there next time. The names travel with the
 * ids, for screens that show the saved position without loading the tree.
 */
export interface HistoryLabels {
  bookLabel?: string;
  nodeLabel?: string;
  nodeType?: 'chapter' | 'knowledge';
}

const CURRICULUM = ['stage', 'subjectCode', 'grade', 'editionId', 'bookId', 'nodeId'] as const;

/** Whether two choices sit at the same place in the curriculum (keyword, order and page aside). */
export function sameCurriculum(a: LearnChoice, b: LearnChoice): boolean {
  return CURRICULUM.every((key) => a[key] === b[key]);
}

/** The curriculum part of a choice as the server stores it; cleared levels are sent as null. */
export function toHistoryNode(choice: LearnChoice, labels: HistoryLabels = {}): HistoryNode {
  return {
    stage: choice.stage ?? null,
    subjectCode: choice.subjectCode ?? null,
    grade: choice.grade ?? null,
    businessEditionId: choice.editionId ?? null,
    businessBookId: choice.bookId ?? null,
    businessBookLabel: choice.bookId ? (labels.bookLabel ?? null) : null,
    nodeId: choice.nodeId ?? null,
    nodeLabel: choice.nodeId ? (labels.nodeLabel ?? null) : null,
    nodeType: choice.nodeId ? (labels.nodeType ?? null) : null,
  };
}

/**
 * The choice to open /learn with from a saved position, or null when nothing was saved or everything
 * was cleared. Goes through the same reading as the address, so a stale or odd value is left out.
 */
export function fromHistoryNode(node: HistoryNode | null | undefined): LearnChoice | null {
  if (!node) return null;
  const query = new URLSearchParams();
  const fields: [keyof LearnChoice, unknown][] = [
    ['stage', node.stage],
    ['subjectCode', node.subjectCode],
    ['grade', node.grade],
    ['editionId', node.businessEditionId],
    ['bookId', node.businessBookId],
    ['nodeId', node.nodeId],
  ];
  for (const [key, value] of fields) if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  const choice = parseChoice(query.toString());
  return CURRICULUM.some((key) => choice[key] !== undefined) ? choice : null;
}
