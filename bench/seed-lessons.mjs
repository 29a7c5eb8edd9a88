// Fills a data folder (or DATABASE_URL) with generated lessons before a server starts on it: bundles
// the server's bulk generator and database code from source with esbuild, applies the migrations and
// inserts the lessons. Prints one JSON line: `{ inserted, ms, pairs: [{ stage, subjectCode, n }] }`
// (published on-demand lessons per stage and subject, for realistic filters).
//   node bench/seed-lessons.mjs <dataDir> [count]        (count default: BENCH_LESSONS or 100000)
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const dataDir = process.argv[2];
const count = Number(process.argv[3] || process.env.BENCH_LESSONS || 100_000);
if (!dataDir && !process.env.DATABASE_URL) {
  console.error('usage: node bench/seed-lessons.mjs <dataDir> [count]   (or set DATABASE_URL)');
  process.exit(2);
}

const server = join(root, 'packages/server');
const pkg = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));
// drizzle-orm lives in the server package's own node_modules: bundle it; the rest resolves from the root.
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@dscloud/sdk' && name !== 'drizzle-orm');
const entry = `
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './src/db/database.ts';
import { migrate } from './src/db/migrate.ts';
import { bulkGenerateLessons } from './src/lessons/bulkGenerate.ts';
export async function seed(dataDir, url, count) {
  const db = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, 'pgdata') });
  try {
    await migrate(db);
    const result = await bulkGenerateLessons(db.orm, { count });
    const pairs = await db.orm.execute(sql\`SELECT stage, subject_code AS "subjectCode", count(*)::int AS n FROM lessons
      WHERE live_flag = 0 AND publish_status = 1 GROUP BY stage, subject_code ORDER BY n DESC\`);
    return { ...result, pairs: pairs.rows ?? pairs };
  } finally {
    await db.close();
  }
}`;
const outfile = join(root, 'bench', `.seed-${process.pid}.mjs`);
try {
  await build({
    stdin: { contents: entry, resolveDir: server, loader: 'ts', sourcefile: 'bench-seed.ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'error',
  });
  const { seed } = await import(pathToFileURL(outfile).href);
  process.env.MIGRATIONS_DIR ||= join(server, 'migrations');
  const result = await seed(dataDir, process.env.DATABASE_URL, count);
  console.log(JSON.stringify(result));
} finally {
  rmSync(outfile, { force: true });
}
