/** Platform settings read by every client. */
import type { DomainModule } from '../domainModule.js';
import { globalConfigRoutes } from './globalConfigRoutes.js';

export const configModule: DomainModule = { name: 'config', routes: globalConfigRoutes };
