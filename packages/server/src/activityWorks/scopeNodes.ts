/**
 * The curriculum nodes an activity's scope covers: the chapter trees of the scope's books (a scope row
 * naming an edition without a book covers every book of that edition for its stage and subject) and
 * the knowledge tree of a stage and subject whose scope row names no edition. Only leaves (nodes
 * without children: a lesson's section or a knowledge point) can be claimed.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { activityScopes, curriculumBooks, lessonNodes } from '../db/schema.js';

export interface ScopeNodeRow {
  id: string;
  parentId: string | null;
  name: string;
  kind: 'chapter' | 'knowledge';
  level: number;
  sort: number;
  bookId: string | null;
  stage: number;
  subjectCode: number;
}

/**
 * What part of the scope to answer. An edition or a book: those chapter trees only. A stage and
 * subject: that scope row's books and knowledge tree (with an edition or book too: those books only).
 */
export interface ScopeFilter {
  editionId?: string;
  bookId?: string;
  stage?: number;
  subjectCode?: number;
}

interface ScopeSets {
  bookIds: string[];
  knowledge: Array<{ stage: number; subjectCode: number }>;
}

async function scopeSets(db: Orm, activityId: string, filter: ScopeFilter = {}): Promise<ScopeSets> {
  const scope = await db.select().from(activityScopes).where(eq(activityScopes.activityId, activityId));
  const bookIds = new Set<string>();
  const knowledge: ScopeSets['knowledge'] = [];
  const editionWide: SQL[] = [];
  for (const s of scope) {
    if (s.bookId) bookIds.add(s.bookId);
    else if (s.editionId)
      editionWide.push(and(eq(curriculumBooks.editionId, s.editionId), eq(curriculumBooks.stage, s.stage), eq(curriculumBooks.subjectCode, s.subjectCode))!);
    else knowledge.push({ stage: s.stage, subjectCode: s.subjectCode });
  }
  if (editionWide.length > 0) {
    for (const b of await db.select({ id: curriculumBooks.id }).from(curriculumBooks).where(or(...editionWide))) bookIds.add(b.id);
  }
  let books = [...bookIds];
  const subject = filter.stage !== undefined && filter.subjectCode !== undefined;
  if (filter.editionId || filter.bookId || subject) {
    const conditions = [inArray(curriculumBooks.id, books.length ? books : [''])];
    if (filter.editionId) conditions.push(eq(curriculumBooks.editionId, filter.editionId));
    if (filter.bookId) conditions.push(eq(curriculumBooks.id, filter.bookId));
    if (subject) conditions.push(eq(curriculumBooks.stage, filter.stage!), eq(curriculumBooks.subjectCode, filter.subjectCode!));
    books = (await db.select({ id: curriculumBooks.id }).from(curriculumBooks).where(and(...conditions))).map((b) => b.id);
    const ownKnowledge = subject && !filter.editionId && !filter.bookId ? knowledge.filter((k) => k.stage === filter.stage && k.subjectCode === filter.subjectCode) : [];
    return { bookIds: books, knowledge: ownKnowledge };
  }
  return { bookIds: books, knowledge };
}

function inScope(sets: ScopeSets): SQL | null {
  const parts: SQL[] = [];
  if (sets.bookIds.length > 0) parts.push(and(eq(lessonNodes.kind, 'chapter'), inArray(lessonNodes.bookId, sets.bookIds))!);
  for (const k of sets.knowledge)
    parts.push(and(eq(lessonNodes.kind, 'knowledge'), eq(lessonNodes.stage, k.stage), eq(lessonNodes.subjectCode, k.subjectCode))!);
  return parts.length ? or(...parts)! : null;
}

const nodeColumns = {
  id: lessonNodes.id,
  parentId: lessonNodes.parentId,
  name: lessonNodes.name,
  kind: lessonNodes.kind,
  level: lessonNodes.level,
  sort: lessonNodes.sort,
  bookId: lessonNodes.bookId,
  stage: lessonNodes.stage,
  subjectCode: lessonNodes.subjectCode,
};

/** Every node of the scope (narrowed to an edition or a book when asked), in tree order. */
export async function scopeNodes(db: Orm, activityId: string, filter: ScopeFilter = {}): Promise<ScopeNodeRow[]> {
  const where = inScope(await scopeSets(db, activityId, filter));
  if (!where) return [];
  return db.select(nodeColumns).from(lessonNodes).where(where).orderBy(lessonNodes.bookId, lessonNodes.level, lessonNodes.sort, lessonNodes.id);
}

export interface ClaimableNode extends ScopeNodeRow {
  leaf: boolean;
}

/** The requested nodes that lie in the scope, with whether each is a leaf. */
export async function nodesInScope(db: Orm, activityId: string, nodeIds: readonly string[]): Promise<Map<string, ClaimableNode>> {
  const where = inScope(await scopeSets(db, activityId));
  const out = new Map<string, ClaimableNode>();
  if (!where || nodeIds.length === 0) return out;
  const found = await db
    .select({ ...nodeColumns, leaf: sql<boolean>`NOT EXISTS (SELECT 1 FROM lesson_nodes c WHERE c.parent_id = lesson_nodes.id)` })
    .from(lessonNodes)
    .where(and(inArray(lessonNodes.id, [...nodeIds]), where));
  for (const n of found) out.set(n.id, { ...n, leaf: n.leaf === true || String(n.leaf) === 'true' });
  return out;
}
