/**
 * `resourceCollectActivity/works/query/list`: the organiser's table of an activity's works, filtered by
 * submit status, school and a keyword (title or teacher's name). Without a status filter drafts are
 * left out: a draft is the teacher's unfinished work until they submit it.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WorkSubmitStatus, type ActivityWork, type AuditLevelCode, type PackageItemCode, type WorkReviewStateCode, type WorkSubmitStatusCode } from '@dscloud/sdk/activities';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { activitySignUps, activityWorkItems, activityWorks, lessonNodes, organisations } from '../db/schema.js';
import { idSchema } from '../db/ids.js';
import { containsPattern } from '../db/rows.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { managed } from '../management/access.js';
import { assertInScope } from '../management/orgScope.js';
import { loadActivity } from './activityAccess.js';
import { ACTIVITY_PREFIX as P } from './activityManageRoutes.js';
import { heavy } from '../http/heavyRoutes.js';

interface WorksQuery {
  activityId: string;
  pageNum?: number;
  pageSize?: number;
  submitStatus?: number;
  schoolId?: string;
  keyword?: string;
}

const w = activityWorks;
const s = activitySignUps;

/**
 * One page of works matching `where` (which may name the sign-up's columns: the teacher's name is
 * joined), in `order`, as ActivityWork rows, with the total; `works[i]` comes from `stored[i]`.
 */
export async function workPage(db: Orm, where: SQL | undefined, order: SQL[], pageNum: number, pageSize: number) {
  const s = activitySignUps;
  const [list, [total]] = await Promise.all([
    db
      .select({ work: activityWorks, teacherName: s.realName })
      .from(activityWorks)
      .innerJoin(s, eq(s.id, activityWorks.signUpId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(activityWorks).innerJoin(s, eq(s.id, activityWorks.signUpId)).where(where),
  ]);
  const works = await worksOf(db, list.map((r) => ({ ...r.work, teacherName: r.teacherName })));
  return { works, stored: list.map((r) => r.work), total: Number(total?.n ?? 0) };
}

/** Works rows → `ActivityWork`, with their files, node, teacher and school names. */
export async function worksOf(db: Orm, list: Array<typeof activityWorks.$inferSelect & { teacherName: string }>): Promise<ActivityWork[]> {
  if (list.length === 0) return [];
  const ids = list.map((r) => r.id);
  const [items, nodes, schools] = await Promise.all([
    db.select().from(activityWorkItems).where(inArray(activityWorkItems.workId, ids)).orderBy(asc(activityWorkItems.item), asc(activityWorkItems.sort)),
    db.select({ id: lessonNodes.id, name: lessonNodes.name }).from(lessonNodes).where(inArray(lessonNodes.id, [...new Set(list.map((r) => r.nodeId))])),
    db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, [...new Set(list.map((r) => r.schoolId))])),
  ]);
  const nodeName = new Map(nodes.map((n) => [n.id, n.name]));
  const schoolName = new Map(schools.map((o) => [o.id, o.name]));
  return list.map((r) => ({
    lessonId: r.id,
    activityId: r.activityId,
    signUpId: r.signUpId,
    signUpNodeId: r.signUpNodeId,
    nodeId: r.nodeId,
    nodeName: nodeName.get(r.nodeId) ?? '',
    userId: r.userId,
    teacherName: r.teacherName,
    schoolId: r.schoolId,
    schoolName: schoolName.get(r.schoolId) ?? '',
    title: r.title,
    description: r.description,
    submitStatus: r.submitStatus as WorkSubmitStatusCode,
    reviewState: r.reviewState as WorkReviewStateCode,
    reviewLevel: r.reviewLevel as AuditLevelCode | null,
    items: items
      .filter((i) => i.workId === r.id)
      .map((i) => ({ item: i.item as PackageItemCode, fileId: String(i.fileId), fileName: i.fileName, fileSize: i.fileSize, probe: i.probe ?? null })),
    formatReview: r.formatReview ?? null,
    submitTime: r.submittedAt,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
    version: r.version,
  }));
}

export async function worksQueryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  app.post<{ Body: WorksQuery }>(
    `${P}/works/query/list`,
    heavy({
      ...managed(ctx, 'read'),
      schema: {
        body: {
          type: 'object',
          required: ['activityId'],
          properties: { activityId: idSchema, ...pageProps, submitStatus: { type: 'integer', enum: [0, 1, 2] }, schoolId: idSchema, keyword: { type: 'string', maxLength: 50 } },
        },
      },
    }),
    async (request: FastifyRequest<{ Body: WorksQuery }>) => {
      const q = request.body;
      const row = await loadActivity(db, q.activityId);
      assertInScope(request.scope, row.orgId, 'activityId');
      const keyword = q.keyword?.trim();
      const where: SQL | undefined = and(
        eq(w.activityId, row.id),
        q.submitStatus !== undefined ? eq(w.submitStatus, q.submitStatus) : ne(w.submitStatus, WorkSubmitStatus.DRAFT),
        q.schoolId ? eq(w.schoolId, q.schoolId) : undefined,
        keyword ? or(ilike(w.title, containsPattern(keyword)), ilike(s.realName, containsPattern(keyword))) : undefined,
      );
      const pageNum = q.pageNum ?? 1;
      const pageSize = q.pageSize ?? 10;
      const { works: rows, total } = await workPage(db, where, [desc(w.submittedAt), desc(w.updatedAt), asc(w.id)], pageNum, pageSize);
      return ok({ rows, total, pageNum, pageSize }, localeOf(request));
    },
  );
}
