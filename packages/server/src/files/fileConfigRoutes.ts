/** Upload configuration; public because it holds no secrets and loads before login. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { fileConfig } from './fileConfig.js';
import { fileSettingsOf } from './fileSettings.js';

export async function fileConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const chunkSize = fileSettingsOf(ctx.settings).chunkSize;
  const plain = fileConfig(chunkSize, false);
  const transcoding = fileConfig(chunkSize, true);
  // Whether videos are transcoded is known once the video service has looked for ffmpeg at start.
  app.get('/file/v1/file/config', { config: { public: true } }, async (request) => ok(ctx.files?.videos.unavailable === null ? transcoding : plain, localeOf(request)));
}
