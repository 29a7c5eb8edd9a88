/** Lessons a learner keeps. */
import type { DomainModule } from '../domainModule.js';
import { collectionRoutes } from './collectionRoutes.js';

export const collectionsModule: DomainModule = { name: 'collections', routes: collectionRoutes };
