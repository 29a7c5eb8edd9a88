/** What learners do with a lesson: notes, study time and scores, history, previews, key points. */
import type { DomainModule } from '../domainModule.js';
import { noteRoutes } from './noteRoutes.js';
import { operationRoutes } from './operationRoutes.js';
import { historyRoutes } from './historyRoutes.js';
import { previewRoutes } from './previewRoutes.js';
import { markRoutes } from './markRoutes.js';

export const learningModule: DomainModule = {
  name: 'learning',
  async routes(app, ctx) {
    await noteRoutes(app, ctx);
    await operationRoutes(app, ctx);
    await historyRoutes(app, ctx);
    await previewRoutes(app, ctx);
    await markRoutes(app, ctx);
  },
};
