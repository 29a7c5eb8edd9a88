/** Resource-collection activities (资源征集活动): the organiser's, the teacher's and the public calls, and the scope's curriculum choices. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { DomainModule } from '../domainModule.js';
import { activityManageRoutes } from './activityManageRoutes.js';
import { ActivityRepo } from './activityRepo.js';
import { activityTeacherRoutes } from './activityTeacherRoutes.js';
import { ActivityView } from './activityView.js';
import { activitySubjectRoutes } from './activitySubjectRoutes.js';
import { worksQueryRoutes } from './worksQueryRoutes.js';

async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new ActivityRepo(ctx.db.orm);
  const view = new ActivityView(ctx.db.orm, repo);
  await activityManageRoutes(app, ctx, repo, view);
  await activityTeacherRoutes(app, ctx, repo, view);
  await worksQueryRoutes(app, ctx);
  await activitySubjectRoutes(app, ctx, repo, view);
}

export const activitiesModule: DomainModule = { name: 'activities', routes };
