/**
 * Reading stored files: the owner's file info and download (token header), and signed media links
 * (`mediaLinks.ts`) for `<video>`/`<img>` elements showing files a route has already cleared.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { EPOCH_MS_MAX } from '../http/schemaRules.js';
import type { FileRepo } from './fileRepo.js';
import type { FileStore } from './fileStore.js';
import { MEDIA_PATH } from './mediaLinks.js';
import { sendStoredFile, wantsDownload } from './sendStoredFile.js';
import { view } from './uploadRoutes.js';
import { PictureTooLarge } from './pictureLimits.js';
import { THUMB_BOX, Thumbnails } from './thumbnails.js';
import type { ImageVariants } from './imageVariants.js';
import type { FileInfoRow } from './fileRows.js';
import { LRUCache } from 'lru-cache';
import { readManifest, RENDITION_NAME, type RenditionManifest } from '../video/rendition.js';

const idParams = { type: 'object', required: ['fileInfoId'], properties: { fileInfoId: { type: 'string', pattern: '^[0-9]{1,15}$' } } } as const;
const downloadQuery = { type: 'object', properties: { download: { type: 'string', maxLength: 8 } } } as const;
const mediaQuery = {
  type: 'object',
  required: ['e', 's'],
  properties: {
    e: { type: 'integer', minimum: 0, maximum: EPOCH_MS_MAX / 1000 },
    s: { type: 'string', minLength: 1, maxLength: 64 },
    download: downloadQuery.properties.download,
  },
} as const;

export async function downloadRoutes(app: FastifyInstance, ctx: AppContext, repo: FileRepo, store: FileStore, variants: ImageVariants): Promise<void> {
  const guard = ctx.guard.requireUser;
  const thumbs = new Thumbnails(ctx.db.orm, store);
  /** The file as its thumbnail: same name (with the thumbnail's extension), the thumbnail's bytes. */
  const thumbOf = async (row: FileInfoRow): Promise<FileInfoRow> => {
    const thumb = await thumbs.ensure(row.content).catch((error: unknown) => {
      if (error instanceof PictureTooLarge) throw new AppError(Codes.NOT_FOUND, `文件没有缩略图：fileInfoId=${row.id} 的${error.message}，不生成缩略图`);
      throw error;
    });
    if (!thumb) throw new AppError(Codes.NOT_FOUND, `文件没有缩略图：fileInfoId=${row.id} 不是可缩放的图片（PNG、JPEG、WebP、GIF）`);
    const extension = thumb.mime === 'image/png' ? 'png' : 'jpg';
    return {
      ...row,
      fileName: `${row.fileName.replace(/\.[^.]*$/, '')}-thumb.${extension}`,
      extension,
      content: { ...row.content, sha256: `${row.content.sha256}-thumb`, size: thumb.size, mime: thumb.mime, storageKey: thumb.key },
    };
  };
  const load = async (userId: string, id: string) => {
    const row = await repo.fileInfo(Number(id), userId);
    if (!row) throw new AppError(Codes.NOT_FOUND, `文件不存在：fileInfoId=${id}`);
    return row;
  };

  app.get<{ Params: { fileInfoId: string } }>('/file/v1/file/info/:fileInfoId', { preValidation: guard, schema: { params: idParams } }, async (request) =>
    ok(view(await load(request.auth!.user.id, request.params.fileInfoId)), localeOf(request)),
  );

  app.get<{ Params: { fileInfoId: string }; Querystring: { download?: string } }>(
    '/file/v1/file/download/:fileInfoId',
    { preValidation: guard, schema: { params: idParams, querystring: downloadQuery } },
    async (request, reply) => {
      const row = await load(request.auth!.user.id, request.params.fileInfoId);
      return sendStoredFile(request, reply, row, store, { forceDownload: wantsDownload(request.query.download), cacheControl: 'private, no-cache' });
    },
  );

  app.get<{ Params: { fileInfoId: string } }>('/file/v1/file/thumb/:fileInfoId', { preValidation: guard, schema: { params: idParams } }, async (request, reply) => {
    const row = await thumbOf(await load(request.auth!.user.id, request.params.fileInfoId));
    return sendStoredFile(request, reply, row, store, { forceDownload: false, cacheControl: 'private, no-cache' });
  });

  /** The stored file a signed media link names, once its signature and expiry hold; and how long it still holds. */
  async function signedRow(fileInfoId: string, query: { e: number; s: string }) {
    const check = ctx.media.check(fileInfoId, query.e, query.s);
    if (check === 'invalid') throw new AppError(Codes.FORBIDDEN, '媒体链接无效：签名不符，请从课程页面重新打开');
    if (check === 'expired') throw new AppError(Codes.FORBIDDEN, '媒体链接已过期，请刷新页面后重试');
    const row = await repo.fileInfoById(Number(fileInfoId));
    if (!row) throw new AppError(Codes.NOT_FOUND, `文件不存在：fileInfoId=${fileInfoId}`);
    return { row, secondsLeft: Math.max(0, query.e - Math.floor(ctx.now() / 1000)) };
  }

  // A thumbnail goes wherever its picture may go: the same signed link with `/thumb` after the id.
  app.get<{ Params: { fileInfoId: string }; Querystring: { e: number; s: string } }>(
    `${MEDIA_PATH}/:fileInfoId/thumb`,
    { config: { public: true }, schema: { params: idParams, querystring: mediaQuery } },
    async (request, reply) => {
      const { row, secondsLeft } = await signedRow(request.params.fileInfoId, request.query);
      return sendStoredFile(request, reply, await thumbOf(row), store, { forceDownload: false, cacheControl: `private, max-age=${Math.min(secondsLeft, 3600)}, immutable` });
    },
  );

  // An AVIF or WebP copy of a picture at one width (imageVariants.ts), through the picture's signed
  // link. Until the copies are made the thumbnail or the picture itself stands in, not to be cached.
  app.get<{ Params: { fileInfoId: string; variant: string }; Querystring: { e: number; s: string } }>(
    `${MEDIA_PATH}/:fileInfoId/:variant`,
    {
      config: { public: true },
      schema: {
        params: { type: 'object', required: ['fileInfoId', 'variant'], properties: { ...idParams.properties, variant: { type: 'string', pattern: '^w[0-9]{2,4}\\.(avif|webp)$' } } },
        querystring: mediaQuery,
      },
    },
    async (request, reply) => {
      const { row, secondsLeft } = await signedRow(request.params.fileInfoId, request.query);
      const [, width, format] = /^w(\d+)\.(avif|webp)$/.exec(request.params.variant)! as unknown as [string, string, 'avif' | 'webp'];
      const variant = await variants.find(row.content, Number(width), format);
      if (typeof variant === 'string') {
        if (!Thumbnails.fits(row.content)) throw new AppError(Codes.NOT_FOUND, `文件没有图片副本：fileInfoId=${row.id} 不是可缩放的图片（PNG、JPEG、WebP、GIF）`);
        // Not made yet: a width the thumbnail covers gets the thumbnail (made in milliseconds), a wider one the
        // picture. Bytes sharp could not read (recorded as no copies) get the original, not decoded again.
        const standIn = variant === 'pending' && Number(width) <= THUMB_BOX ? await thumbOf(row).catch(() => row) : row;
        return sendStoredFile(request, reply, standIn, store, { forceDownload: false, cacheControl: 'private, no-cache' });
      }
      const copy: FileInfoRow = {
        ...row,
        fileName: `${row.fileName.replace(/\.[^.]*$/, '')}-w${variant.width}.${format}`,
        extension: format,
        content: { ...row.content, sha256: `${row.content.sha256}-w${variant.width}-${format}`, size: variant.size, mime: variant.mime, storageKey: variant.key },
      };
      return sendStoredFile(request, reply, copy, store, { forceDownload: false, cacheControl: `private, max-age=${Math.min(secondsLeft, 3600)}, immutable` });
    },
  );

  // The files of a video's HLS rendition (docs/video.md, "Serving"): only names its manifest lists,
  // never the uploaded file. A manifest never changes once written (a new ladder is a new version
  // folder), so each is read from the store once and kept; a released file's stays until it is pushed
  // out, and its files then answer 404 from the store.
  const manifests = new LRUCache<string, RenditionManifest>({ max: 500 });
  app.get<{ Params: { fileInfoId: string; e: string; s: string; '*': string } }>(
    `${MEDIA_PATH}/:fileInfoId/hls/:e/:s/*`,
    {
      config: { public: true },
      schema: {
        params: {
          type: 'object',
          required: ['fileInfoId', 'e', 's', '*'],
          properties: {
            ...idParams.properties,
            e: { type: 'string', pattern: '^[0-9]{1,13}$' },
            s: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
            '*': { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (request, reply) => {
      const name = request.params['*'];
      const { row, secondsLeft } = await signedRow(request.params.fileInfoId, { e: Number(request.params.e), s: request.params.s });
      const notFound = () => new AppError(Codes.NOT_FOUND, `视频尚无此转码文件：fileInfoId=${row.id} 的“${name.slice(0, 64)}”（转码未完成，或没有这一档清晰度）`);
      if (!RENDITION_NAME.test(name)) throw notFound();
      let manifest = manifests.get(row.content.storageKey);
      if (!manifest) {
        manifest = (await readManifest(store, row.content.storageKey)) ?? undefined;
        if (!manifest) throw notFound();
        manifests.set(row.content.storageKey, manifest);
      }
      const file = manifest.files.find((f) => f.name === name);
      if (!file) throw notFound();
      const extension = name.slice(name.lastIndexOf('.') + 1);
      const part: FileInfoRow = {
        ...row,
        fileName: `${row.fileName.replace(/\.[^.]*$/, '')}-${name.replace('/', '-')}`,
        extension,
        content: { ...row.content, sha256: `${row.content.sha256}-hls${manifest.version}-${name}`, size: file.size, mime: file.type, storageKey: file.key },
      };
      return sendStoredFile(request, reply, part, store, { forceDownload: false, inline: true, cacheControl: `private, max-age=${Math.min(secondsLeft, 3600)}, immutable` });
    },
  );

  app.get<{ Params: { fileInfoId: string }; Querystring: { e: number; s: string; download?: string } }>(
    `${MEDIA_PATH}/:fileInfoId`,
    { config: { public: true }, schema: { params: idParams, querystring: mediaQuery } },
    async (request, reply) => {
      const { row, secondsLeft } = await signedRow(request.params.fileInfoId, request.query);
      return sendStoredFile(request, reply, row, store, {
        forceDownload: wantsDownload(request.query.download),
        cacheControl: `private, max-age=${Math.min(secondsLeft, 3600)}, immutable`,
      });
    },
  );
}
