/** Teacher introductions: the public reads and the back office. */
import type { DomainModule } from '../domainModule.js';
import { teacherManageRoutes } from './teacherManageRoutes.js';
import { teacherRoutes } from './teacherRoutes.js';

export const teachersModule: DomainModule = {
  name: 'teachers',
  routes: async (app, ctx) => {
    await teacherRoutes(app, ctx);
    await teacherManageRoutes(app, ctx);
  },
};
