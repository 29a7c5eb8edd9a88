/**
 * What a domain hands to app.ts: its name and the function registering its routes. Each domain folder
 * has a `module.ts` exporting one of these; `modules.ts` lists them all, in registration order.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';

export interface DomainModule {
  name: string;
  routes(app: FastifyInstance, ctx: AppContext): Promise<void>;
}
