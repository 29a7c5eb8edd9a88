/** Resource-collection activities (资源征集活动): the organiser's, the teacher's and the public calls, and the scope's curriculum choices. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { DomainModule } from '../domainModule.js';
import { activityManageRoutes } from './activityManageRoutes.js';
import { PublicPageCache } from '../lessons/publicPageCache.js';
import { ActivityRepo } from './activityRepo.js';
import { activityTeacherRoutes } from './activityTeacherRoutes.js';
import { ActivityView } from './activityView.js';
import { activitySubjectRoutes } from './activitySubjectRoutes.js';
import { worksQueryRoutes } from './worksQueryRoutes.js';

/** How long a public list page may be answered from memory. */
export const PUBLIC_LIST_CACHE_MS = 3_000;

async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new ActivityRepo(ctx.db.orm);
  const view = new ActivityView(ctx.db.orm, repo);
  // The public list answers everyone the same bytes (a bureau's site embeds it): kept serialized for
  // a few seconds, dropped on every organiser write.
  const publicList = new PublicPageCache(PUBLIC_LIST_CACHE_MS, ctx.settings.limits.pageCacheMaxEntries, Date.now, Math.random, ctx.settings.limits.pageCacheMaxBytes);
  app.caches.set('public activity lists', publicList);
  await activityManageRoutes(app, ctx, repo, view, () => publicList.invalidate());
  await activityTeacherRoutes(app, ctx, repo, view, publicList);
  await worksQueryRoutes(app, ctx);
  await activitySubjectRoutes(app, ctx, repo, view);
}

export const activitiesModule: DomainModule = { name: 'activities', routes };
