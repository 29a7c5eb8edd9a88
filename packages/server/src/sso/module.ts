/** Single sign-on to the bureau's other systems: tickets and their check (docs/sso.md). */
import type { DomainModule } from '../domainModule.js';
import { ssoRoutes } from './ssoRoutes.js';

export const ssoModule: DomainModule = { name: 'sso', routes: ssoRoutes };
