/** Resource-collection activities, the teacher's side: signing up, claiming nodes, work packages and their format review. */
import type { DomainModule } from '../domainModule.js';
import { signUpRoutes } from './signUpRoutes.js';
import { workRoutes } from './workRoutes.js';

export const activityWorksModule: DomainModule = {
  name: 'activityWorks',
  async routes(app, ctx) {
    await signUpRoutes(app, ctx);
    await workRoutes(app, ctx);
  },
};
