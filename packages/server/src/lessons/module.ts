/** Lessons: the public lists and pages, the teacher's and administrator's management, the demo media folder. */
import type { DomainModule } from '../domainModule.js';
import { lessonBrowseRoutes } from './lessonBrowseRoutes.js';
import { lessonManageRoutes } from './lessonManageRoutes.js';
import { seedFileRoutes } from './seedFiles.js';

export const lessonsModule: DomainModule = {
  name: 'lessons',
  async routes(app, ctx) {
    await lessonBrowseRoutes(app, ctx);
    await lessonManageRoutes(app, ctx);
    await seedFileRoutes(app);
  },
};
