/** Calls about the logged-in user: who am I (whether they review works: activityReview/personRoutes.ts). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { currentUserOf } from './currentUser.js';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/base/v1/user/current', { preHandler: ctx.guard.requireUser }, async (request) => {
    const auth = request.auth!;
    return ok(await currentUserOf(ctx.users, auth.user, auth.roles, ctx.media.url), localeOf(request));
  });
}
