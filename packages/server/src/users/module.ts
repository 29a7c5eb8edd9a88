/** The signed-in user and their organisation. */
import type { DomainModule } from '../domainModule.js';
import { userRoutes } from './userRoutes.js';

export const usersModule: DomainModule = { name: 'users', routes: userRoutes };
