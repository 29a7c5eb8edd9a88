/** What learners do with a lesson: notes, study time and scores, history, previews, key points. */
import type { DomainModule } from '../domainModule.js';
import { noteRoutes } from './noteRoutes.js';
import { operationRoutes } from './operationRoutes.js';
import { historyRoutes } from './historyRoutes.js';
import { previewRoutes } from './previewRoutes.js';
import { markRoutes } from './markRoutes.js';
import { LearnerPageCache } from './learnerPageCache.js';

export const learningModule: DomainModule = {
  name: 'learning',
  async routes(app, ctx) {
    // The notes page and the study record, per user (learnerPageCache.ts).
    const pages = new LearnerPageCache(ctx.bus, ctx.settings.limits.pageCacheMaxEntries, ctx.settings.limits.pageCacheMaxBytes);
    app.caches.set('learner pages', pages);
    await noteRoutes(app, ctx, pages);
    await operationRoutes(app, ctx, pages);
    await historyRoutes(app, ctx);
    await previewRoutes(app, ctx);
    await markRoutes(app, ctx);
  },
};
