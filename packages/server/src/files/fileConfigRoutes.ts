/** Upload configuration; public because it holds no secrets and loads before login. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { fileConfig } from './fileConfig.js';
import { fileSettingsOf } from './fileSettings.js';

export async function fileConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const config = fileConfig(fileSettingsOf(ctx.settings).chunkSize);
  app.get('/file/v1/file/config', { config: { public: true } }, async (request) => ok(config, localeOf(request)));
}
