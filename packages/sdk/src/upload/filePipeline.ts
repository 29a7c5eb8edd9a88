import { Codes, DsError } from '../errors/index.js';
import { uploadChunks } from './chunkUpload.js';
import { compareWithServer } from './compareWithServer.js';
import type { FileMemory } from './fileJob.js';
import type { FileRunContext } from './fileRunContext.js';
import { sampleDigest } from './hashRunner.js';
import { checkMp4H264 } from './mp4Check.js';
import { uploadToObjectStore } from './objectStoreUpload.js';
import { isObjectStoreMode } from './uploaderOptions.js';

/**
 * One run of a file's upload, from wherever its status says it stands: a new file goes through every
 * step; a paused, failed or waiting file that already has its MD5 goes back to the step it stopped in
 * (comparing, or uploading from the server's chunk map).
 */
export async function runFilePipeline(ctx: FileRunContext, memory: FileMemory): Promise<void> {
  const { options, source, signal } = ctx;
  if (ctx.current().status === 'added') {
    ctx.move('validating');
    if (ctx.current().extension === 'mp4') {
      ctx.move('checkingMp4');
      const result = await checkMp4H264(source, { load: options.loadMp4Box, sliceSize: options.mp4SliceSize, signal });
      ctx.patch({ isMp4H264: result.isMp4H264 });
      if (options.requireH264 && !result.isMp4H264) throw new DsError(Codes.VIDEO_NOT_H264);
    }
  }

  let fileMd5 = ctx.current().fileMd5;
  if (!fileMd5) {
    ctx.move('hashing', { hashedBytes: 0 });
    fileMd5 = await hashOrRecall(ctx, memory);
    ctx.move('comparing', { fileMd5, hashedBytes: source.size });
  } else if (!memory.compared) {
    // Stopped while asking (pause, dropped line): ask again, 秒传 may still spare the upload.
    ctx.move('comparing');
  }
  if (!memory.compared) {
    const compared = await compareWithServer(ctx, fileMd5);
    if (compared.exists) {
      ctx.move('done', {
        instant: true,
        fileInfo: compared.fileInfo,
        fileInfoId: compared.fileInfoId,
        uploadedBytes: source.size,
        percent: 100,
        eta: 0,
        speed: 0,
      });
      options.resumeStore.remove(ctx.fingerprint);
      return;
    }
    memory.compared = true;
  }

  ctx.move('uploading', { error: undefined });
  if (isObjectStoreMode(options.storage)) {
    const { fileInfo, objectKey } = await uploadToObjectStore(ctx, fileMd5);
    finish(ctx, { fileInfo, objectKey });
    return;
  }
  const fileInfo = await uploadChunks(ctx, {
    fileMd5,
    chunkSize: memory.chunkSize,
    fileInfoId: ctx.current().fileInfoId,
    askServer: memory.askServer,
    onNamed(fileInfoId, chunkSize) {
      memory.chunkSize = chunkSize;
      memory.askServer = true;
      if (memory.sample === undefined) return;
      options.resumeStore.set(ctx.fingerprint, {
        fileMd5: fileMd5,
        fileInfoId,
        chunkSize,
        sample: memory.sample,
        savedAt: options.clock.now(),
      });
    },
  });
  finish(ctx, { fileInfo });
}

function finish(ctx: FileRunContext, patch: { fileInfo: Parameters<FileRunContext['patch']>[0]['fileInfo']; objectKey?: string }) {
  ctx.move('done', {
    ...patch,
    fileInfoId: patch.fileInfo?.fileInfoId ?? ctx.current().fileInfoId,
    uploadedBytes: ctx.source.size,
    percent: 100,
    eta: 0,
    speed: 0,
  });
  ctx.options.resumeStore.remove(ctx.fingerprint);
}

/**
 * The full MD5, unless a remembered upload of this very file exists: then a sampled check (first and
 * last 64 KB) is enough to trust the remembered MD5 and skip reading gigabytes again.
 */
async function hashOrRecall(ctx: FileRunContext, memory: FileMemory): Promise<string> {
  const { options, source, signal } = ctx;
  const record = options.resumeStore.get(ctx.fingerprint);
  memory.sample = await sampleDigest(options.hashRunner, source, signal);
  if (record && record.sample === memory.sample) {
    memory.chunkSize = record.chunkSize;
    memory.askServer = true;
    ctx.patch({ resumed: true, fileInfoId: record.fileInfoId, hashedBytes: source.size });
    return record.fileMd5;
  }
  if (record) options.resumeStore.remove(ctx.fingerprint);
  return options.hashRunner.md5(source, { signal, onProgress: (hashed) => ctx.patch({ hashedBytes: hashed }) });
}
