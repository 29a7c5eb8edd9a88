/**
 * `/cloudSchool/v1/help/articles*`: the help centre's articles. Reading is public (the help centre and
 * `<ds-help-widget>` work for visitors); writing is the city bureau's (the articles are the whole
 * platform's), through `managed(ctx, 'city')` with the audit log. The body is HTML from the
 * back-office editor, cleaned before it is stored with the same policy as the activity notice.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { ARTICLE_BODY_MAX, helpArticleProblem, type HelpArticle, type HelpArticleInput, type HelpArticleSummary } from '@dscloud/sdk/help';
import type { AppContext } from '../context.js';
import { sanitizeRichText } from '../activities/richText.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { snapshotOf } from '../audit/snapshot.js';
import { helpArticles } from '../db/schema.js';
import { idSchema, newId } from '../db/ids.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { managed } from '../management/access.js';
import type { ArticleRow, HelpArticleRepo } from './helpArticleRepo.js';

const P = '/cloudSchool/v1/help/articles';

const iso = (ms: number) => new Date(ms).toISOString();

/** The platform's own operation videos (`/static/seed/help/<name>.mp4`) have a poster beside them (`<name>.jpg`). */
const SEED_VIDEO = /^\/static\/seed\/help\/([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.mp4$/;

function toSummary(r: ArticleRow): HelpArticleSummary {
  const seed = r.videoUrl ? SEED_VIDEO.exec(r.videoUrl) : null;
  return {
    id: r.id,
    topic: r.topic,
    title: r.title,
    summary: r.summary,
    ...(r.videoUrl ? { videoUrl: r.videoUrl } : {}),
    ...(seed ? { posterUrl: `/static/seed/help/${seed[1]}.jpg` } : {}),
    sort: r.sort,
    updatedAt: iso(r.updatedAt),
  };
}

function toArticle(r: ArticleRow): HelpArticle {
  return { ...toSummary(r), body: r.body, ...(r.updatedBy ? { updatedBy: r.updatedBy } : {}) };
}

export async function helpArticleRoutes(app: FastifyInstance, ctx: AppContext, repo: HelpArticleRepo): Promise<void> {
  const open = {
    config: { public: true },
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      // A change in the back-office shows on the next load.
      reply.header('cache-control', 'no-cache');
      return payload;
    },
  };
  const snapshot = snapshotOf(ctx.db.orm, helpArticles.id, {
    topic: helpArticles.topic,
    title: helpArticles.title,
    summary: helpArticles.summary,
    videoUrl: helpArticles.videoUrl,
    sort: helpArticles.sort,
    bodyLength: helpArticles.body,
  });
  const audit = (verb: string, ids: (request: FastifyRequest) => readonly string[]): AuditSpec => ({
    action: `helpArticle.${verb}`,
    entity: 'helpArticle',
    ids,
    snapshot: async (list) => new Map([...(await snapshot(list))].map(([id, fields]) => [id, { ...fields, bodyLength: String(fields.bodyLength ?? '').length }])),
    createdIds: (data) => {
      const id = (data as { id?: unknown } | null)?.id;
      return typeof id === 'string' ? [id] : [];
    },
  });

  app.get<{ Querystring: { topic?: string; keyword?: string } }>(
    P,
    { ...open, schema: { querystring: { type: 'object', properties: { topic: { type: 'string', maxLength: 20 }, keyword: { type: 'string', maxLength: 50 } } } } },
    async (request) => {
      const [topics, found] = await Promise.all([
        repo.topics(),
        repo.list({ ...(request.query.topic ? { topic: request.query.topic } : {}), ...(request.query.keyword?.trim() ? { keyword: request.query.keyword.trim() } : {}) }),
      ]);
      const order = new Map(topics.map((t, i) => [t, i]));
      found.sort((x, y) => (order.get(x.topic) ?? 0) - (order.get(y.topic) ?? 0));
      return ok({ topics, rows: found.map(toSummary) }, localeOf(request));
    },
  );

  app.get<{ Params: { id: string } }>(`${P}/:id`, { ...open, schema: { params: { type: 'object', properties: { id: idSchema } } } }, async (request) => {
    const row = await repo.find(request.params.id);
    if (!row) throw new AppError(Codes.HELP_ARTICLE_NOT_FOUND, `帮助文章不存在：${request.params.id}`, { field: 'id' });
    return ok(toArticle(row), localeOf(request));
  });

  app.post<{ Body: HelpArticleInput }>(
    `${P}/save`,
    {
      ...managed(ctx, 'city', audit('save', (request) => {
        const id = (request.body as HelpArticleInput).id;
        return id ? [id] : [];
      })),
      schema: {
        body: {
          type: 'object',
          properties: { id: idSchema, topic: { type: 'string' }, title: { type: 'string' }, summary: { type: 'string' }, body: { type: 'string' }, videoUrl: { type: ['string', 'null'] }, sort: { type: 'integer' } },
        },
      },
    },
    async (request) => {
      const b = request.body;
      const problem = helpArticleProblem(b);
      if (problem) throw new AppError(problem.code, problem.message, { field: problem.field });
      const body = sanitizeRichText(b.body);
      if (body.length > ARTICLE_BODY_MAX) throw new AppError(Codes.HELP_ARTICLE_INVALID, `参数 body（正文）清理后长度不能超过 ${ARTICLE_BODY_MAX} 个字符`, { field: 'body' });
      if (body.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(body)) throw new AppError(Codes.HELP_ARTICLE_INVALID, '请填写正文（body）', { field: 'body' });
      const now = ctx.now();
      const fields = {
        topic: b.topic.trim(),
        title: b.title.trim(),
        summary: b.summary?.trim() ?? '',
        body,
        videoUrl: b.videoUrl?.trim() || null,
        updatedBy: request.auth!.user.displayName,
        updatedAt: now,
      };
      let id = b.id;
      if (id) {
        const existing = await repo.find(id);
        if (!existing) throw new AppError(Codes.HELP_ARTICLE_NOT_FOUND, `帮助文章不存在：${id}`, { field: 'id' });
        await repo.update(id, { ...fields, ...(b.sort !== undefined ? { sort: b.sort } : {}) });
      } else {
        id = newId('help');
        await repo.insert({ id, ...fields, sort: b.sort ?? 0, createdAt: now });
      }
      return ok(toArticle((await repo.find(id))!), localeOf(request));
    },
  );

  app.post<{ Body: { ids: string[] } }>(
    `${P}/delete`,
    {
      ...managed(ctx, 'city', audit('delete', (request) => (request.body as { ids: string[] }).ids)),
      schema: { body: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: idSchema } } } },
    },
    async (request) => {
      const ids = request.body.ids;
      const found = new Set(await repo.existing(ids));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError(Codes.HELP_ARTICLE_NOT_FOUND, `帮助文章不存在：${missing.join('、')}`, { field: 'ids' });
      return ok({ deleted: await repo.remove(ids) }, localeOf(request));
    },
  );
}
