/**
 * `/cloudSchool/v1/carouselImage/*`, the public side: the home banner (spec §2). Reading follows each
 * slide's visibility (the management slide only for a signed-in user who is not a student) and level
 * (an organisation's own slides only for its signed-in users). Answers are never cached, so a change
 * made in the back-office shows on the next page load. The back-office calls are in carouselManageRoutes.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { isAdmin, optionalUser } from '../lessons/access.js';
import { idSchema } from '../db/ids.js';
import { pageProps } from '../http/schemaRules.js';
import { CarouselRepo } from './carouselRepo.js';
import { audienceOf, slideProps, toSlide } from './carouselView.js';
import { carouselManageRoutes } from './carouselManageRoutes.js';
import { heavy } from '../http/heavyRoutes.js';

export const CAROUSEL = '/cloudSchool/v1/carouselImage';
const P = CAROUSEL;

export async function carouselRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new CarouselRepo(ctx.db.orm);
  const open = {
    config: { public: true },
    preValidation: optionalUser(ctx),
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.header('cache-control', 'no-cache');
      return payload;
    },
  };
  const identity = (request: FastifyRequest) => request.auth?.user.identityCode ?? null;
  const viewerOrgs = async (request: FastifyRequest) => (request.auth ? repo.ancestors(request.auth.user.orgId) : []);

  app.post<{ Body: { pageNum?: number; pageSize?: number; groupId?: string; includeDisabled?: boolean } | undefined }>(
    `${P}/page`,
    heavy({ ...open, schema: { body: { type: ['object', 'null'], properties: { ...pageProps, groupId: slideProps.groupId, includeDisabled: { type: 'boolean' } } } } }),
    async (request) => {
      const body = request.body ?? {};
      // Administrators see switched-off slides too; everyone else only what is switched on.
      const includeDisabled = Boolean(body.includeDisabled && isAdmin(request.auth));
      const orgs = { viewer: await viewerOrgs(request) };
      const page = await repo.page({ audience: audienceOf(request), ...(body.groupId ? { groupId: body.groupId } : {}), includeDisabled, orgs }, body);
      return ok({ ...page, rows: page.rows.map((r) => toSlide(r, identity(request), ctx.media.url)) }, localeOf(request));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${P}/list/:id`,
    { ...open, schema: { params: { type: 'object', required: ['id'], properties: { id: slideProps.groupId } } } },
    async (request) => {
      const list = await repo.group(request.params.id, audienceOf(request), await viewerOrgs(request));
      return ok(list.map((r) => toSlide(r, identity(request), ctx.media.url)), localeOf(request));
    },
  );

  app.get<{ Params: { id: string } }>(`${P}/:id`, { ...open, schema: { params: { type: 'object', required: ['id'], properties: { id: idSchema } } } }, async (request) => {
    const row = await repo.find(request.params.id, { audience: audienceOf(request), includeDisabled: isAdmin(request.auth), orgs: { viewer: await viewerOrgs(request) } });
    if (!row) throw new AppError(Codes.NOT_FOUND, `轮播图不存在：${request.params.id}`);
    return ok(toSlide(row, identity(request), ctx.media.url), localeOf(request));
  });

  await carouselManageRoutes(app, ctx, repo);
}
