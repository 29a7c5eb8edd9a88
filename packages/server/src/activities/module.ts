/** Resource-collection activities (资源征集活动): the organiser's, the teacher's and the public calls, and the scope's curriculum choices. */
import { sharedDrop } from '../cache/sharedDrop.js';
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
import { dropOnActivityWrites } from './listPages.js';

/** How long a public list page may be answered from memory. */
export const PUBLIC_LIST_CACHE_MS = 3_000;
/** How long the organiser's table and a teacher's list may be answered from memory (listPages.ts). */
export const LIST_PAGE_CACHE_MS = 2_000;

async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new ActivityRepo(ctx.db.orm);
  const view = new ActivityView(ctx.db.orm, repo);
  // The public list answers everyone the same bytes (a bureau's site embeds it): kept serialized for
  // a few seconds, dropped on every organiser write.
  const publicList = new PublicPageCache(PUBLIC_LIST_CACHE_MS, ctx.settings.limits.pageCacheMaxEntries, Date.now, Math.random, ctx.settings.limits.pageCacheMaxBytes);
  app.caches.set('public activity lists', publicList);
  // The organiser's and teachers' pages: per scope and filter, on the server's clock, dropped on every
  // organiser write and every sign-up or work write through this server (listPages.ts).
  const listPages = new PublicPageCache(LIST_PAGE_CACHE_MS, ctx.settings.limits.pageCacheMaxEntries, () => ctx.now(), Math.random, ctx.settings.limits.pageCacheMaxBytes);
  app.caches.set('activity list pages', listPages);
  // Dropped on every server over the same database (cache/sharedDrop.ts).
  const dropPages = sharedDrop(ctx.bus, 'activity-pages', () => listPages.invalidate());
  const dropAll = sharedDrop(ctx.bus, 'activities', () => (publicList.invalidate(), listPages.invalidate()));
  dropOnActivityWrites(app, dropPages);
  await activityManageRoutes(app, ctx, repo, view, dropAll, listPages);
  await activityTeacherRoutes(app, ctx, repo, view, publicList, listPages);
  await worksQueryRoutes(app, ctx);
  await activitySubjectRoutes(app, ctx, repo, view);
}

export const activitiesModule: DomainModule = { name: 'activities', routes };
