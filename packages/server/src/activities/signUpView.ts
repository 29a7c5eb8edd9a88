/**
 * A sign-up as the API answers it (SignUpSummary): the row, its organisations' names, its active nodes
 * with their book and chapter path names, and the work of each node. Shared by the sign-up calls and
 * the teacher's activity detail (`mySignUp`).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SignUpNode, SignUpSummary } from '@dscloud/sdk/activities';
import { SignUpStatus, WorkSubmitStatus } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { activitySignUpNodes, activitySignUps, activityWorks, curriculumBooks, lessonNodes, organisations } from '../db/schema.js';

export type SignUpRow = typeof activitySignUps.$inferSelect;

/** '/a/b/c/' → ['a', 'b'] (the ancestors, root first). */
const ancestorsOf = (path: string) => path.split('/').filter(Boolean).slice(0, -1);

export interface NodeLabel {
  nodeId: string;
  nodeName: string;
  pathNames: string[];
}

/** Names of nodes and their book / ancestor path, for display. */
export async function nodeLabels(db: Orm, nodeIds: readonly string[]): Promise<Map<string, NodeLabel>> {
  const out = new Map<string, NodeLabel>();
  if (nodeIds.length === 0) return out;
  const nodes = await db
    .select({ id: lessonNodes.id, name: lessonNodes.name, path: lessonNodes.path, bookName: curriculumBooks.name })
    .from(lessonNodes)
    .leftJoin(curriculumBooks, eq(curriculumBooks.id, lessonNodes.bookId))
    .where(inArray(lessonNodes.id, [...nodeIds]));
  const ancestorIds = [...new Set(nodes.flatMap((n) => ancestorsOf(n.path)))];
  const names = new Map<string, string>();
  if (ancestorIds.length > 0) {
    for (const a of await db.select({ id: lessonNodes.id, name: lessonNodes.name }).from(lessonNodes).where(inArray(lessonNodes.id, ancestorIds))) names.set(a.id, a.name);
  }
  for (const n of nodes) {
    const path = ancestorsOf(n.path).map((id) => names.get(id) ?? '');
    out.set(n.id, { nodeId: n.id, nodeName: n.name, pathNames: [...(n.bookName ? [n.bookName] : []), ...path, n.name] });
  }
  return out;
}

export async function orgNames(db: Orm, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (wanted.length === 0) return new Map();
  const found = await db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, wanted));
  return new Map(found.map((o) => [o.id, o.name]));
}

/**
 * The sign-up's active nodes (and the given-up ones when asked) with their work: the current one, or
 * for a given-up node the last (withdrawn) one.
 */
export async function signUpNodes(db: Orm, signUpId: string, includeCancelled = false): Promise<SignUpNode[]> {
  const claimed = await db
    .select({ id: activitySignUpNodes.id, nodeId: activitySignUpNodes.nodeId, status: activitySignUpNodes.status })
    .from(activitySignUpNodes)
    .where(and(eq(activitySignUpNodes.signUpId, signUpId), includeCancelled ? undefined : eq(activitySignUpNodes.status, SignUpStatus.ACTIVE)))
    .orderBy(asc(activitySignUpNodes.createdAt), asc(activitySignUpNodes.id));
  if (claimed.length === 0) return [];
  const works = await db
    .select({ id: activityWorks.id, signUpNodeId: activityWorks.signUpNodeId, submitStatus: activityWorks.submitStatus })
    .from(activityWorks)
    .where(inArray(activityWorks.signUpNodeId, claimed.map((c) => c.id)))
    .orderBy(asc(activityWorks.createdAt));
  const workOf = new Map<string, string>();
  // The current work wins; otherwise the latest withdrawn one.
  for (const w of works) workOf.set(w.signUpNodeId, w.id);
  for (const w of works) if (w.submitStatus !== WorkSubmitStatus.WITHDRAWN) workOf.set(w.signUpNodeId, w.id);
  const labels = await nodeLabels(db, claimed.map((c) => c.nodeId));
  return claimed.map((c) => ({
    signUpNodeId: c.id,
    nodeId: c.nodeId,
    nodeName: labels.get(c.nodeId)?.nodeName ?? '',
    pathNames: labels.get(c.nodeId)?.pathNames ?? [],
    status: c.status,
    workId: workOf.get(c.id) ?? null,
  }));
}

export async function toSignUpSummary(db: Orm, row: SignUpRow): Promise<SignUpSummary> {
  const names = await orgNames(db, [row.schoolId, row.districtId]);
  return {
    signUpId: row.id,
    activityId: row.activityId,
    userId: row.userId,
    realName: row.realName,
    phone: row.phone,
    schoolId: row.schoolId,
    schoolName: names.get(row.schoolId) ?? '',
    districtId: row.districtId,
    districtName: row.districtId ? (names.get(row.districtId) ?? '') : '',
    stage: row.stage,
    subjectCode: row.subjectCode,
    status: row.status,
    nodes: row.status === SignUpStatus.ACTIVE ? await signUpNodes(db, row.id) : [],
    createTime: row.createdAt,
  };
}

/** The teacher's active sign-up for an activity (the `mySignUp` of teacher/detail), or null. */
export async function mySignUp(db: Orm, activityId: string, userId: string): Promise<SignUpSummary | null> {
  const s = activitySignUps;
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.activityId, activityId), eq(s.userId, userId), eq(s.status, SignUpStatus.ACTIVE)))
    .limit(1);
  return row ? toSignUpSummary(db, row) : null;
}
