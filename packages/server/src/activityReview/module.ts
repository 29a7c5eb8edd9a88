/**
 * The works review (作品评审, docs/activities.md "Works review"): reviewer assignments, the reviewer's
 * calls and decisions, the organiser's view of works in review.
 */
import type { DomainModule } from '../domainModule.js';
import { auditRoutes } from './auditRoutes.js';
import { personRoutes } from './personRoutes.js';
import { seedDemoReview } from './demoReview.js';
import { publishExcellentWork } from './publishWork.js';

export const activityReviewModule: DomainModule = {
  name: 'activityReview',
  async routes(app, ctx) {
    await personRoutes(app, ctx);
    // A high-quality decision publishes the work as an excellent lesson in the same transaction.
    await auditRoutes(app, ctx, async (tx, work, _reviewerId, now) => {
      await publishExcellentWork(tx, work.id, now);
    });
    // After the demo activities and works (and the file service): the review demo builds on them.
    // One instance at a time when several start together (app.ts seeds the same way).
    if (ctx.settings.seedDemo) await ctx.db.exclusive('seed', () => seedDemoReview(ctx));
  },
};
