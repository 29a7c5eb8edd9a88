/** The help centre (articles) and the users' feedback with its back-office (docs/help.md). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { DomainModule } from '../domainModule.js';
import { FeedbackRepo } from './feedbackRepo.js';
import { feedbackManageRoutes } from './feedbackManageRoutes.js';
import { feedbackRoutes } from './feedbackRoutes.js';
import { HelpArticleRepo } from './helpArticleRepo.js';
import { helpArticleRoutes } from './helpArticleRoutes.js';

async function helpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const feedback = new FeedbackRepo(ctx.db.orm);
  await feedbackRoutes(app, ctx, feedback);
  await feedbackManageRoutes(app, ctx, feedback);
  await helpArticleRoutes(app, ctx, new HelpArticleRepo(ctx.db.orm));
}

export const helpModule: DomainModule = { name: 'help', routes: helpRoutes };
