/** Upload configuration; public because it holds no secrets and loads before login. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { fileConfig } from './fileConfig.js';

export async function fileConfigRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  const config = fileConfig();
  app.get('/file/v1/file/config', { config: { public: true } }, async (request) => ok(config, localeOf(request)));
}
