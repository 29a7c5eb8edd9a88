/**
 * `POST /bench/bare-upload`: streams the raw request body to a file under DATA_DIR/bench and answers
 * its byte count. The upload benchmark compares the chunked upload against this, the fastest the
 * same server can take the same bytes to disk. Registered only when `BENCH_ROUTES=1` (see app.ts):
 * it never exists in a normal deployment.
 */
import type { FastifyInstance } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context.js';
import { ok } from '../http/envelope.js';

export async function benchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dir = path.join(ctx.settings.dataDir, 'bench');
  await app.register(async (scope) => {
    // Leave the body unread here: the handler streams request.raw straight to disk.
    scope.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
    scope.post('/bench/bare-upload', { config: { public: true } }, async (request) => {
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, `${randomUUID()}.bin`);
      let bytes = 0;
      request.raw.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      try {
        await pipeline(request.raw, createWriteStream(target));
      } finally {
        await rm(target, { force: true });
      }
      return ok({ bytes });
    });
  });
}
