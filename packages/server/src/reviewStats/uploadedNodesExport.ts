/**
 * `activityAuditPerson/exportUploadedWorkNode`: the works uploaded per curriculum node of the scope
 * (narrowed to a stage, subject, edition or book), in curriculum order; a node without a work is one
 * row with the work's columns empty. Works are read for 200 nodes at a time, so the export streams.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AuditLevels, WorkReviewStates, WorkSubmitStatuses } from '@dscloud/sdk/activities';
import type { UploadedWorkNodeExportInput } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { idSchema } from '../db/ids.js';
import { num, rows } from '../db/rows.js';
import { managed } from '../management/access.js';
import { scopeNodes, type ScopeNodeRow } from '../activityWorks/scopeNodes.js';
import { exportFileName, sendXlsx, sheet } from '../exports/xlsx.js';
import { stageName, subjectName } from '../curriculum/names.js';
import { managedActivity, STA } from './statsAccess.js';
import { chinaTime } from './statSheets.js';
import { heavy } from '../http/heavyRoutes.js';

interface NodeWorkRow {
  path: string;
  node: ScopeNodeRow;
  work: Record<string, unknown> | null;
}

const NODES_PER_BATCH = 200;

async function* nodeWorkRows(db: Orm, activityId: string, nodes: ScopeNodeRow[]): AsyncIterable<NodeWorkRow> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parents = new Set(nodes.map((n) => n.parentId).filter(Boolean));
  const leaves = nodes.filter((n) => !parents.has(n.id));
  const pathOf = (n: ScopeNodeRow) => {
    const names: string[] = [];
    for (let p = n.parentId ? byId.get(n.parentId) : undefined; p && names.length < 10; p = p.parentId ? byId.get(p.parentId) : undefined) names.unshift(p.name);
    return names.join(' / ');
  };
  for (let i = 0; i < leaves.length; i += NODES_PER_BATCH) {
    const batch = leaves.slice(i, i + NODES_PER_BATCH);
    const ids = sql.join(
      batch.map((n) => sql`${n.id}`),
      sql`, `,
    );
    const works = await rows<Record<string, unknown>>(
      db,
      sql`SELECT w.node_id, w.title, s.real_name, s.phone, sc.name AS school_name, d.name AS district_name, w.submit_status, w.review_state,
                 w.review_level, w.submitted_at
          FROM activity_works w JOIN activity_sign_ups s ON s.id = w.sign_up_id
          LEFT JOIN organisations sc ON sc.id = w.school_id LEFT JOIN organisations d ON d.id = coalesce(w.district_id, s.district_id)
          WHERE w.activity_id = ${activityId} AND w.node_id IN (${ids}) AND w.submit_status <> 2
          ORDER BY w.submitted_at NULLS LAST, w.id`,
    );
    const byNode = new Map<string, Record<string, unknown>[]>();
    for (const w of works) byNode.set(String(w.node_id), [...(byNode.get(String(w.node_id)) ?? []), w]);
    for (const node of batch) {
      const path = pathOf(node);
      const list = byNode.get(node.id);
      if (!list) yield { path, node, work: null };
      else for (const work of list) yield { path, node, work };
    }
  }
}

const label = (table: { find(v: unknown): { label: string } | undefined }, v: unknown) => (v == null ? '' : (table.find(num(v))?.label ?? ''));

export async function uploadedNodesExportRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  app.post<{ Body: UploadedWorkNodeExportInput }>(
    `${STA}/activityAuditPerson/exportUploadedWorkNode`,
    heavy({
      ...managed(ctx, 'read'),
      schema: {
        body: {
          type: 'object',
          required: ['activityId'],
          properties: {
            activityId: idSchema,
            stage: { type: 'integer', minimum: 1, maximum: 9 },
            subjectCode: { type: 'integer', minimum: 1, maximum: 99_999 },
            editionId: idSchema,
            bookId: idSchema,
          },
        },
      },
    }),
    async (request, reply) => {
      const q = request.body;
      const activity = await managedActivity(ctx, request, q.activityId);
      const nodes = (await scopeNodes(db, activity.id, { editionId: q.editionId, bookId: q.bookId })).filter(
        (n) => (q.stage === undefined || n.stage === q.stage) && (q.subjectCode === undefined || n.subjectCode === q.subjectCode),
      );
      return sendXlsx(reply, exportFileName([activity.name, '节点作品上传情况'], ctx.now()), [
        sheet<NodeWorkRow>({
          name: '节点作品',
          columns: [
            { header: '学段', value: (r) => stageName(r.node.stage) },
            { header: '学科', value: (r) => subjectName(r.node.subjectCode) },
            { header: '章节', width: 30, value: (r) => r.path },
            { header: '节点', width: 24, value: (r) => r.node.name },
            { header: '作品名称', width: 30, value: (r) => (r.work ? String(r.work.title) : '（无作品）') },
            { header: '教师', width: 12, value: (r) => (r.work ? String(r.work.real_name ?? '') : '') },
            { header: '学校', width: 26, value: (r) => (r.work ? String(r.work.school_name ?? '') : '') },
            { header: '区县', width: 12, value: (r) => (r.work ? String(r.work.district_name ?? '') : '') },
            { header: '提交状态', value: (r) => (r.work ? label(WorkSubmitStatuses, r.work.submit_status) : '') },
            { header: '评审状态', value: (r) => (r.work && num(r.work.submit_status) === 1 ? label(WorkReviewStates, r.work.review_state) : '') },
            { header: '所在评审级别', value: (r) => (r.work ? label(AuditLevels, r.work.review_level) : '') },
            { header: '提交时间', width: 18, value: (r) => (r.work ? chinaTime(r.work.submitted_at == null ? null : num(r.work.submitted_at)) : '') },
          ],
          rows: nodeWorkRows(db, activity.id, nodes),
        }),
      ]);
    },
  );
}
