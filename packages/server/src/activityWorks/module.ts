/** Resource-collection activities, the teacher's side: signing up, claiming nodes, work packages and their format review. */
import type { DomainModule } from '../domainModule.js';
import { signUpRoutes } from './signUpRoutes.js';
import { workRoutes } from './workRoutes.js';
import { seedDemoWorks } from './demoWorks.js';

export const activityWorksModule: DomainModule = {
  name: 'activityWorks',
  async routes(app, ctx) {
    await signUpRoutes(app, ctx);
    await workRoutes(app, ctx);
    // After the file service (its store) and the demo activities: nothing happens without them.
    // One instance at a time when several start together (app.ts seeds the same way).
    if (ctx.settings.seedDemo) await ctx.db.exclusive('seed', () => seedDemoWorks(ctx));
  },
};
