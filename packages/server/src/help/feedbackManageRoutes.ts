/**
 * The back-office side of feedback (type=feedbackmana): the table with its filters, counts by apply
 * status, a reply (which marks the feedback 已处理 unless the call says 2 无需处理 or 0 待处理) and a
 * batch status change. Every call opens with `managed()`: administrators and researchers read the
 * feedback of users in their subtree, administrators reply and change statuses there. A feedback
 * outside the caller's reach is refused by id with 403 「不在您的管理范围内」 and nothing changes.
 * Apply statuses move freely between 0, 1 and 2 (staff correct a mistake the same way); every change
 * is in the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { applyStatusProblem, FEEDBACK_TYPES, replyProblem, type ApplyStatus, type FeedbackType } from '@dscloud/sdk/help';
import type { AppContext } from '../context.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { snapshotOf } from '../audit/snapshot.js';
import { feedback } from '../db/schema.js';
import { idSchema } from '../db/ids.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { managed } from '../management/access.js';
import { assertInScope } from '../management/orgScope.js';
import type { FeedbackFilter, FeedbackRepo } from './feedbackRepo.js';
import { FEEDBACK } from './feedbackRoutes.js';
import { toManagedFeedback } from './feedbackView.js';
import { heavy } from '../http/heavyRoutes.js';

interface ListQuery {
  pageNum?: number;
  pageSize?: number;
  applyStatus?: number;
  type?: string;
  keyword?: string;
  from?: string;
  to?: string;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** A `YYYY-MM-DD` day in China time as its first instant, or a refusal naming the field. */
function dayStart(value: string, field: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw new AppError(Codes.BAD_REQUEST, `参数 ${field}（日期）不是有效的日期：${value}，应为 YYYY-MM-DD`, { field });
  }
  return ms - CHINA_OFFSET_MS;
}

const filterProps = {
  type: { type: 'string' },
  keyword: { type: 'string', maxLength: 50 },
  from: { type: 'string', maxLength: 10 },
  to: { type: 'string', maxLength: 10 },
} as const;

export async function feedbackManageRoutes(app: FastifyInstance, ctx: AppContext, repo: FeedbackRepo): Promise<void> {
  const snapshot = snapshotOf(ctx.db.orm, feedback.id, { applyStatus: feedback.applyStatus, reply: feedback.reply });
  const audit = (verb: string, ids: (request: FastifyRequest) => readonly string[]): AuditSpec => ({ action: `feedback.${verb}`, entity: 'feedback', ids, snapshot });

  /** The filter of a list or counts call, within the caller's reach. */
  const filterOf = (request: FastifyRequest<{ Querystring: ListQuery }>, withStatus: boolean): FeedbackFilter => {
    const q = request.query;
    const scope = request.scope!;
    if (q.type && !(FEEDBACK_TYPES as readonly string[]).includes(q.type)) {
      throw new AppError(Codes.FEEDBACK_TYPE_INVALID, `参数 type（反馈类型）只能是 ${FEEDBACK_TYPES.join('、')} 之一`, { field: 'type' });
    }
    if (withStatus && q.applyStatus !== undefined) {
      const problem = applyStatusProblem(q.applyStatus);
      if (problem) throw new AppError(problem.code, problem.message, { field: problem.field });
    }
    const from = q.from ? dayStart(q.from, 'from') : undefined;
    const to = q.to ? dayStart(q.to, 'to') + DAY_MS : undefined;
    if (from !== undefined && to !== undefined && to <= from) throw new AppError(Codes.BAD_REQUEST, '参数 to（结束日期）不能早于 from（开始日期）', { field: 'to' });
    return {
      ...(scope.all ? {} : { orgIds: scope.orgIds }),
      ...(withStatus && q.applyStatus !== undefined ? { applyStatus: q.applyStatus as ApplyStatus } : {}),
      ...(q.type ? { type: q.type as FeedbackType } : {}),
      ...(q.keyword?.trim() ? { keyword: q.keyword.trim() } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    };
  };

  /** Every feedback of `ids` exists (404 naming the missing) and is in the caller's reach (403). */
  const requireInReach = async (request: FastifyRequest, ids: readonly string[], field: string) => {
    const orgs = await repo.orgsOf(ids);
    const missing = ids.filter((id) => !orgs.has(id));
    if (missing.length > 0) throw new AppError(Codes.FEEDBACK_NOT_FOUND, `反馈不存在：${missing.join('、')}`, { field });
    for (const orgId of orgs.values()) assertInScope(request.scope, orgId, field);
  };

  app.get<{ Querystring: ListQuery }>(
    `${FEEDBACK}/list`,
    heavy({ ...managed(ctx, 'read'), schema: { querystring: { type: 'object', properties: { ...pageProps, applyStatus: { type: 'integer' }, ...filterProps } } } }),
    async (request) => {
      const page = await repo.page(filterOf(request, true), request.query);
      return ok({ ...page, rows: page.rows.map((r) => toManagedFeedback(r, ctx.media.url)) }, localeOf(request));
    },
  );

  app.get<{ Querystring: ListQuery }>(
    `${FEEDBACK}/counts`,
    { ...managed(ctx, 'read'), schema: { querystring: { type: 'object', properties: filterProps } } },
    async (request) => ok(await repo.counts(filterOf(request, false)), localeOf(request)),
  );

  app.post<{ Body: { id: string; reply: string; applyStatus?: number } }>(
    `${FEEDBACK}/reply`,
    {
      ...managed(ctx, 'write', audit('reply', (request) => [(request.body as { id: string }).id])),
      schema: { body: { type: 'object', required: ['id'], properties: { id: idSchema, reply: { type: 'string' }, applyStatus: { type: 'integer' } } } },
    },
    async (request) => {
      const { id, reply, applyStatus = 1 } = request.body;
      const problem = replyProblem(reply) ?? applyStatusProblem(applyStatus);
      if (problem) throw new AppError(problem.code, problem.message, { field: problem.field });
      await requireInReach(request, [id], 'id');
      await repo.reply(id, reply.trim(), applyStatus as ApplyStatus, request.auth!.user.id, ctx.now());
      return ok(toManagedFeedback((await repo.listed(id))!, ctx.media.url), localeOf(request));
    },
  );

  app.post<{ Body: { ids: string[]; applyStatus: number } }>(
    `${FEEDBACK}/status`,
    {
      ...managed(ctx, 'write', audit('status', (request) => (request.body as { ids: string[] }).ids)),
      schema: {
        body: {
          type: 'object',
          required: ['ids', 'applyStatus'],
          properties: { ids: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: idSchema }, applyStatus: { type: 'integer' } },
        },
      },
    },
    async (request) => {
      const { ids, applyStatus } = request.body;
      const problem = applyStatusProblem(applyStatus);
      if (problem) throw new AppError(problem.code, problem.message, { field: problem.field });
      await requireInReach(request, ids, 'ids');
      const updated = await repo.setStatus(ids, applyStatus as ApplyStatus, ctx.now());
      return ok({ updated }, localeOf(request));
    },
  );
}
