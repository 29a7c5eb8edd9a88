/**
 * The file service: builds the store (local disk, or an S3 bucket when configured), the
 * services, and registers every file route. Also hands the housekeeping its sweep (`ctx.files`).
 */
import { hostname } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { fileConfig } from './fileConfig.js';
import { fileSettingsOf, type FileSettings } from './fileSettings.js';
import { combineStores, type FileStore } from './fileStore.js';
import { LocalChunkStore } from './localChunkStore.js';
import { LocalObjectStore } from './localObjectStore.js';
import { S3Client } from './s3Client.js';
import { S3ObjectStore } from './s3ObjectStore.js';
import { FileRepo } from './fileRepo.js';
import { Assembler } from './assembler.js';
import { ImageVariants } from './imageVariants.js';
import { FileHashes } from './fileHashes.js';
import { ChunkService } from './chunkService.js';
import { PossessionService } from './possessionService.js';
import { ObjectStoreService } from './objectStoreService.js';
import { sweepFiles } from './fileSweep.js';
import { uploadRoutes } from './uploadRoutes.js';
import { objectStoreRoutes } from './objectStoreRoutes.js';
import { downloadRoutes } from './downloadRoutes.js';
import { UploadQuotas } from './uploadQuota.js';
import { ChunkClaims } from './chunkClaims.js';
import { MultipartUploads } from './multipartUploads.js';
import type { ContentRow } from './fileRows.js';
import { startVideoService, type VideoService } from '../video/videoService.js';

export interface FilesHandle {
  store: FileStore;
  repo: FileRepo;
  sweep(): Promise<{ uploads: number }>;
  /** The file service's settings as read at start. */
  settings: FileSettings;
  /** The AVIF/WebP copies of stored pictures (made after upload). */
  variants: ImageVariants;
  /** The storage quotas in force (their settings are read at start). */
  quotas: UploadQuotas;
  /** Transcoding of stored videos (docs/video.md). */
  videos: VideoService;
}

declare module '../context.js' {
  interface AppContext {
    /** Set by fileRoutes; the housekeeping calls `files.sweep()`. */
    files?: FilesHandle;
  }
}

export async function fileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const settings = fileSettingsOf(ctx.settings);
  const repo = new FileRepo(ctx.db);
  const config = fileConfig(settings.chunkSize);
  const quotas = new UploadQuotas(settings.quotas, (userId, exclude) => repo.usage(userId, exclude));
  const s3 = settings.s3 ? { settings: settings.s3, client: new S3Client(settings.s3) } : undefined;
  const objects = s3 ? new S3ObjectStore(s3.client) : new LocalObjectStore(settings.filesDir);
  const store = combineStores(new LocalChunkStore(settings.filesDir), objects);
  const log = (err: unknown) => app.log.error({ err }, 'file service error');
  const hashes = new FileHashes();
  // With S3 the chunks of an upload are the parts of a multipart upload on the bucket.
  const multipart = s3 ? new MultipartUploads(s3.client, repo) : undefined;
  // Pictures get their AVIF/WebP copies once stored, off the request path (imageVariants.ts).
  const variants = new ImageVariants(store, (message, err) => app.log.warn({ err }, message));
  // Videos are queued for transcoding once stored (video/videoService.ts).
  const videos = await startVideoService({
    db: ctx.db,
    store: objects,
    filesDir: s3 ? null : settings.filesDir,
    // Emptied at start: one folder per instance when instances share DATA_DIR (the same name after a restart).
    workRoot: path.join(settings.filesDir, 'tmp', 'video', ...(ctx.settings.dataDirShared ? [`${hostname()}-${ctx.settings.port}`] : [])),
    settings: ctx.settings.video,
    now: ctx.now,
    log: (message, err) => app.log.warn({ err }, message),
  });
  const stored = (content: ContentRow, fileName: string) => {
    variants.schedule(content);
    videos.schedule(content, fileName);
  };
  const assembler = new Assembler(store, repo, hashes, ctx.now, multipart, stored);
  const claims = new ChunkClaims(ctx.db, ctx.now);
  const chunks = new ChunkService(config, store, repo, assembler, hashes, ctx.now, log, quotas, claims, multipart);
  const possession = new PossessionService(config, store, repo, ctx.now, quotas);
  const objectStore = new ObjectStoreService(config, store, repo, path.join(settings.filesDir, 'tmp'), ctx.secret, s3, ctx.now, quotas, stored);

  ctx.files = { store, repo, quotas, settings, variants, videos, sweep: () => sweepFiles(store, repo, settings.uploadTtlHours * 3600_000, ctx.now(), multipart) };

  await uploadRoutes(app, ctx, chunks, possession, quotas);
  await objectStoreRoutes(app, ctx, objectStore, config, settings.publicBaseUrl);
  await downloadRoutes(app, ctx, repo, store, variants);
}
