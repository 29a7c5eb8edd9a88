/**
 * The committed demo media (`packages/server/seed/media`, `seed/lesson-videos`, `seed/banners`, `seed/help`) served
 * read-only at `/static/seed/<folder>/<file>`, with Range requests (the player seeks) through
 * @fastify/static's sendFile. Only plain file names of those four folders are served.
 */
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';

export const SEED_MEDIA_PREFIX = '/static/seed/media/';
export const SEED_BANNER_PREFIX = '/static/seed/banners/';
/** The demo lessons' videos, WebVTT captions and covers (`<name>.jpg`, `<name>.webp`). */
export const SEED_LESSON_VIDEO_PREFIX = '/static/seed/lesson-videos/';
/** The operation videos of the help centre and the help widget, with their posters (`<name>.jpg`). */
export const SEED_HELP_PREFIX = '/static/seed/help/';

/** The seed folder beside `src/` (source and tests) or beside `dist/` (bundle); SEED_DIR overrides. */
export function findSeedDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [process.env.SEED_DIR, path.resolve(here, '../../seed'), path.resolve(here, '../seed')].filter((p): p is string => Boolean(p));
  return candidates.find((p) => existsSync(path.join(p, 'media')));
}

const TYPES: Record<string, string> = { '.mp4': 'video/mp4', '.jpg': 'image/jpeg', '.vtt': 'text/vtt; charset=utf-8', '.mpg': 'video/mpeg', '.png': 'image/png', '.webp': 'image/webp' };

export async function seedFileRoutes(app: FastifyInstance): Promise<void> {
  const seedDir = findSeedDir();
  app.get<{ Params: { folder: string; file: string } }>(
    '/static/seed/:folder/:file',
    {
      config: { public: true },
      schema: {
        params: {
          type: 'object',
          required: ['folder', 'file'],
          properties: { folder: { type: 'string', enum: ['media', 'lesson-videos', 'banners', 'help'] }, file: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' } },
        },
      },
    },
    async (request, reply) => {
      const { folder, file } = request.params;
      const root = seedDir ? path.join(seedDir, folder) : undefined;
      if (!root || file.includes('..') || !existsSync(path.join(root, file))) {
        throw new AppError(Codes.NOT_FOUND, `演示文件不存在：/static/seed/${folder}/${file}`);
      }
      const type = TYPES[path.extname(file).toLowerCase()];
      if (type) reply.type(type);
      reply.header('cache-control', 'public, max-age=86400');
      return reply.sendFile(file, root, { acceptRanges: true });
    },
  );
}
