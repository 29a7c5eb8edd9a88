// Writes `<file>.br` and `<file>.gz` beside every text asset of a build folder, so the server sends
// compressed bytes without compressing on each request (@fastify/static `preCompressed`). A file is
// skipped when compression would not save at least 10 %; a build that does not run this step is
// simply served uncompressed (rollup and vite empty their folders, so no stale copy is ever served).
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const TEXT = /\.(js|mjs|css|html|svg|json|txt|vtt|wasm|webmanifest)$/;
const MIN_BYTES = 1024;
// Brotli's best quality (11) up to 400 KB: every first load (React, antd, the element bundles) and the HLS
// player, which every pupil watching a lesson fetches. Quality 10 above it, for the large lazy vendor chunks
// of the editing tools (whiteboard, diagrams, charts, the notice editor, pinyin data): half of quality 11's
// CPU for files 4–5 % larger, fetched once by the teachers who open those tools and then cached
// (immutable). Quality 11 on them was most of this step's 46 CPU-s.
const LARGE_BYTES = 400 * 1024;
// hanzi-writer's stroke data: ~9,600 small files, each fetched alone; compressing them all at brotli 11
// would take minutes of every build for a few KB per character.
const SKIP_DIRS = new Set(['hanzi']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* files(path);
    }
    else if (TEXT.test(entry.name)) yield path;
  }
}

/** Compresses the text assets under `dir` (on libuv's thread pool, files in parallel); answers the bytes before and after (brotli). */
export async function precompress(dir) {
  const total = { files: 0, raw: 0, br: 0 };
  if (!existsSync(dir)) return total;
  await Promise.all(
    [...files(dir)].map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < MIN_BYTES) return;
      const br = await brotli(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: raw.length > LARGE_BYTES ? 10 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      });
      if (br.length > raw.length * 0.9) return;
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, await gz(raw, { level: 9 }))]);
      total.files++;
      total.raw += raw.length;
      total.br += br.length;
    }),
  );
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) {
    const { files: n, raw, br } = await precompress(dir);
    console.log(`${dir}: ${n} files, ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB br`);
  }
}
