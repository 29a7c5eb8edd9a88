/**
 * The works review (作品评审, docs/activities.md "Works review"): reviewer assignments, the reviewer's
 * calls and decisions, the organiser's view of works in review.
 */
import type { DomainModule } from '../domainModule.js';
import { auditRoutes } from './auditRoutes.js';
import { personRoutes } from './personRoutes.js';
import { seedDemoReview } from './demoReview.js';

export const activityReviewModule: DomainModule = {
  name: 'activityReview',
  async routes(app, ctx) {
    await personRoutes(app, ctx);
    await auditRoutes(app, ctx, null);
    // After the demo activities and works (and the file service): the review demo builds on them.
    if (ctx.settings.seedDemo) await seedDemoReview(ctx);
  },
};
