/**
 * A teacher's own sign-up as `SignUpSummary` (the `mySignUp` of teacher/detail): the row, its active
 * claimed nodes with their book and chapter path names, and the work of each node when one exists
 * (a withdrawn work does not count: the node's current work is the one that is not withdrawn).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { SignUpStatus, WorkSubmitStatus, type SignUpNode, type SignUpSummary } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { activitySignUpNodes, activitySignUps, activityWorks, curriculumBooks, lessonNodes, organisations } from '../db/schema.js';

export async function mySignUp(db: Orm, activityId: string, userId: string): Promise<SignUpSummary | null> {
  const s = activitySignUps;
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.activityId, activityId), eq(s.userId, userId), eq(s.status, SignUpStatus.ACTIVE)))
    .limit(1);
  if (!row) return null;
  const n = activitySignUpNodes;
  const claimed = await db
    .select({ id: n.id, nodeId: n.nodeId, status: n.status, name: lessonNodes.name, path: lessonNodes.path, bookId: lessonNodes.bookId })
    .from(n)
    .innerJoin(lessonNodes, eq(lessonNodes.id, n.nodeId))
    .where(and(eq(n.signUpId, row.id), eq(n.status, 1)))
    .orderBy(asc(n.createdAt), asc(n.id));
  const ancestorIds = [...new Set(claimed.flatMap((c) => c.path.split('/').filter(Boolean).slice(0, -1)))];
  const bookIds = [...new Set(claimed.flatMap((c) => (c.bookId ? [c.bookId] : [])))];
  const [ancestors, books, works, orgs] = await Promise.all([
    ancestorIds.length ? db.select({ id: lessonNodes.id, name: lessonNodes.name }).from(lessonNodes).where(inArray(lessonNodes.id, ancestorIds)) : [],
    bookIds.length ? db.select({ id: curriculumBooks.id, name: curriculumBooks.name }).from(curriculumBooks).where(inArray(curriculumBooks.id, bookIds)) : [],
    claimed.length
      ? db
          .select({ id: activityWorks.id, signUpNodeId: activityWorks.signUpNodeId })
          .from(activityWorks)
          .where(and(inArray(activityWorks.signUpNodeId, claimed.map((c) => c.id)), ne(activityWorks.submitStatus, WorkSubmitStatus.WITHDRAWN)))
      : [],
    db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, [row.schoolId, ...(row.districtId ? [row.districtId] : [])])),
  ]);
  const nodeName = new Map(ancestors.map((x) => [x.id, x.name]));
  const bookName = new Map(books.map((x) => [x.id, x.name]));
  const workOf = new Map(works.map((w) => [w.signUpNodeId, w.id]));
  const orgName = new Map(orgs.map((o) => [o.id, o.name]));
  const nodes: SignUpNode[] = claimed.map((c) => ({
    signUpNodeId: c.id,
    nodeId: c.nodeId,
    nodeName: c.name,
    pathNames: [
      ...(c.bookId ? [bookName.get(c.bookId) ?? ''] : []),
      ...c.path.split('/').filter(Boolean).slice(0, -1).map((id) => nodeName.get(id) ?? ''),
      c.name,
    ],
    status: c.status,
    workId: workOf.get(c.id) ?? null,
  }));
  return {
    signUpId: row.id,
    activityId: row.activityId,
    userId: row.userId,
    realName: row.realName,
    phone: row.phone,
    schoolId: row.schoolId,
    schoolName: orgName.get(row.schoolId) ?? '',
    districtId: row.districtId,
    districtName: row.districtId ? (orgName.get(row.districtId) ?? '') : '',
    stage: row.stage,
    subjectCode: row.subjectCode,
    status: row.status,
    nodes,
    createTime: row.createdAt,
  };
}
