/**
 * `/cloudSchool/v1/feedback/save` and `/mine`: a signed-in user sends a feedback (type, content,
 * contact, up to three screenshots of their own uploads, and — when they agreed — the page, role,
 * browser and recent errors) and reads their own feedback with the replies. A visitor gets 401, and
 * the client asks 「需要登录后查看，是否登录？」. Nobody reads another user's feedback here.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { feedbackProblem, type FeedbackInput } from '@dscloud/sdk/help';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { FileCategory } from '../files/fileConfig.js';
import { FileRepo } from '../files/fileRepo.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import type { FeedbackRepo } from './feedbackRepo.js';
import { roleLabelOf, toMyFeedback } from './feedbackView.js';
import { heavy } from '../http/heavyRoutes.js';

export const FEEDBACK = '/cloudSchool/v1/feedback';

const text = { type: 'string' } as const;
/** Types only: lengths and choices are `feedbackProblem`'s, so the refusal carries the feedback's own codes. */
const feedbackBody = {
  type: 'object',
  properties: {
    type: text,
    content: text,
    contact: text,
    screenshotFileIds: { type: 'array', items: text },
    context: {
      type: 'object',
      properties: {
        page: text,
        role: text,
        browser: text,
        errors: { type: 'array', items: { type: 'object', properties: { code: { type: ['integer', 'string'] }, message: text, at: text, url: text } } },
      },
    },
  },
} as const;

export async function feedbackRoutes(app: FastifyInstance, ctx: AppContext, repo: FeedbackRepo): Promise<void> {
  const signedIn = { preValidation: ctx.guard.requireUser };
  const files = () => ctx.files?.repo ?? new FileRepo(ctx.db);

  app.post<{ Body: FeedbackInput }>(`${FEEDBACK}/save`, { ...signedIn, schema: { body: feedbackBody } }, async (request) => {
    const body = request.body;
    const problem = feedbackProblem(body);
    if (problem) throw new AppError(problem.code, problem.message, { field: problem.field });
    const auth = request.auth!;
    const shots = body.screenshotFileIds ?? [];
    for (const [i, fileId] of shots.entries()) {
      const id = Number(fileId);
      const row = Number.isSafeInteger(id) ? await files().fileInfo(id, auth.user.id) : null;
      const field = `screenshotFileIds[${i}]`;
      if (!row) throw new AppError(Codes.FEEDBACK_SCREENSHOT_INVALID, `参数 ${field}（截图）不存在，或不是你上传的：${fileId}`, { field });
      if (row.categoryCode !== FileCategory.PICTURE) throw new AppError(Codes.FEEDBACK_SCREENSHOT_INVALID, `参数 ${field}（截图）需要图片文件，“${row.fileName}”不是`, { field });
    }
    const now = ctx.now();
    const id = newId('fb');
    await repo.insert({
      id,
      userId: auth.user.id,
      orgId: auth.user.orgId,
      role: roleLabelOf(auth),
      type: body.type,
      content: body.content.trim(),
      contact: body.contact?.trim() ?? '',
      screenshotFileIds: shots,
      context: body.context ? { page: body.context.page ?? '', role: body.context.role ?? '', browser: body.context.browser ?? '', errors: body.context.errors ?? [] } : null,
      applyStatus: 0,
      createdAt: now,
      updatedAt: now,
    });
    return ok({ id }, localeOf(request));
  });

  app.get<{ Querystring: { pageNum?: number; pageSize?: number } }>(
    `${FEEDBACK}/mine`,
    heavy({ ...signedIn, schema: { querystring: { type: 'object', properties: pageProps } } }),
    async (request) => {
      const page = await repo.mine(request.auth!.user.id, request.query);
      return ok({ ...page, rows: page.rows.map((r) => toMyFeedback(r, ctx.media.url)) }, localeOf(request));
    },
  );
}
