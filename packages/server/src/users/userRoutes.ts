/** Calls about the logged-in user: who am I, and am I an audit person. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { currentUserOf } from './currentUser.js';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/base/v1/user/current', { preHandler: ctx.guard.requireUser }, async (request) => {
    const auth = request.auth!;
    return ok(await currentUserOf(ctx.users, auth.user, auth.roles, ctx.media.url), localeOf(request));
  });

  app.get('/cloudSchool/v1/activityAuditPerson/isAuditPerson', { preHandler: ctx.guard.requireUser }, async (request) =>
    ok({ isAuditPerson: await ctx.users.isAuditPerson(request.auth!.user.id) }, localeOf(request)),
  );
}
