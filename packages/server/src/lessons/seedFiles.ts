/**
 * The committed demo media (`packages/server/seed/media`, `seed/lesson-videos`, `seed/banners`, `seed/help`) served
 * read-only at `/static/seed/<folder>/<file>`, with Range requests (the player seeks) through
 * @fastify/static's sendFile. Only plain file names of those four folders are served.
 */
import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Codes } from '@dscloud/sdk/errors';
import { pickVariantWidth } from '@dscloud/sdk/files';
import { AppError } from '../http/appError.js';

export const SEED_MEDIA_PREFIX = '/static/seed/media/';
export const SEED_BANNER_PREFIX = '/static/seed/banners/';
/** The demo lessons' videos, WebVTT captions and covers (`<name>.jpg`, `<name>.webp`, `<name>.w<width>.<avif|webp>`). */
export const SEED_LESSON_VIDEO_PREFIX = '/static/seed/lesson-videos/';
/** The operation videos of the help centre and the help widget, with their posters (`<name>.jpg`). */
export const SEED_HELP_PREFIX = '/static/seed/help/';

/** The seed folder beside `src/` (source and tests) or beside `dist/` (bundle); SEED_DIR overrides. */
export function findSeedDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [process.env.SEED_DIR, path.resolve(here, '../../seed'), path.resolve(here, '../seed')].filter((p): p is string => Boolean(p));
  return candidates.find((p) => existsSync(path.join(p, 'media')));
}

const TYPES: Record<string, string> = { '.mp4': 'video/mp4', '.jpg': 'image/jpeg', '.vtt': 'text/vtt; charset=utf-8', '.mpg': 'video/mpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif' };

const VARIANT = /^([A-Za-z0-9][A-Za-z0-9_-]*)\.w(\d{2,4})\.(avif|webp)$/;
const madeWidths = new Map<string, number[]>();

/**
 * A demo picture's AVIF/WebP copy (`<name>.w<width>.<format>`, scripts/make-image-variants.mjs): the
 * copy of that width, else the widest one below it (copies are never wider than the picture), else the
 * narrowest. Any other name is answered as it is.
 */
function seedVariantFile(root: string, file: string): string {
  const match = VARIANT.exec(file);
  if (!match || existsSync(path.join(root, file))) return file;
  const [, base, width, format] = match as unknown as [string, string, string, 'avif' | 'webp'];
  const listKey = `${root}/${base}.${format}`;
  let widths = madeWidths.get(listKey);
  if (!widths) {
    const prefix = `${base}.w`;
    widths = readdirSync(root)
      .filter((f) => f.startsWith(prefix) && f.endsWith(`.${format}`) && VARIANT.test(f))
      .map((f) => Number(VARIANT.exec(f)![2]));
    madeWidths.set(listKey, widths);
  }
  const chosen = pickVariantWidth(widths, Number(width));
  return chosen === undefined ? file : `${base}.w${chosen}.${format}`;
}

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
      const { folder } = request.params;
      const root = seedDir ? path.join(seedDir, folder) : undefined;
      const file = root ? seedVariantFile(root, request.params.file) : request.params.file;
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
