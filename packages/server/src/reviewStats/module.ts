/**
 * The works review's figures: the organiser's statistics of an activity (staActivityManage,
 * staCollectActivityOverview, staTeacherAudit), the reviewer's own overview (staMyWorkAuditOverview),
 * the high-quality works (activityWork) and the Excel exports.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { DomainModule } from '../domainModule.js';
import { activityStatsRoutes } from './activityStatsRoutes.js';
import { auditStatsRoutes } from './auditStatsRoutes.js';
import { overviewRoutes } from './overviewRoutes.js';
import { highQualityRoutes } from './highQualityRoutes.js';
import { uploadedNodesExportRoute } from './uploadedNodesExport.js';
import { managedActivities } from './statsAccess.js';

async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.caches.set('statistics activities', managedActivities(ctx));
  await activityStatsRoutes(app, ctx);
  await auditStatsRoutes(app, ctx);
  await overviewRoutes(app, ctx);
  await highQualityRoutes(app, ctx);
  await uploadedNodesExportRoute(app, ctx);
}

export const reviewStatsModule: DomainModule = { name: 'reviewStats', routes };
