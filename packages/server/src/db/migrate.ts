/**
 * Applies `migrations/NNNN_name.sql` in file-name order, each in its own transaction, and records the
 * applied versions in `schema_migrations`. The same files run on PGlite and PostgreSQL. Servers starting
 * at once against one PostgreSQL take turns (an advisory lock around the whole run, db/exclusive.ts):
 * the first applies what is missing, the others then find nothing to do. Without it two would race on
 * creating `schema_migrations` itself; the table lock per file stays as a second guard.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './database.js';

const FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** The migrations folder beside `src/` (source and tests) or beside `dist/` (bundle). */
export function findMigrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.MIGRATIONS_DIR,
    path.resolve(here, '../../migrations'),
    path.resolve(here, '../migrations'),
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(path.join(p, '0001_init.sql')));
  if (!found) throw new Error(`找不到数据库迁移文件夹（已查找：${candidates.join(', ')}）`);
  return found;
}

/** Versions of the migration files not recorded as applied (readiness: empty once migrated). */
export async function pendingMigrations(db: Database, dir = findMigrationsDir()): Promise<string[]> {
  const versions = migrationFiles(dir).map((f) => f.slice(0, 4));
  const rows = await db.script((r) => r.query<{ version: string }>('SELECT version FROM schema_migrations'));
  const applied = new Set(rows.map((row) => row.version));
  return versions.filter((v) => !applied.has(v));
}

function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => FILE.test(f))
    .sort();
}

export async function migrate(db: Database, dir = findMigrationsDir()): Promise<string[]> {
  const run = await db.exclusive('migrate', () => migrateHoldingLock(db, dir));
  if (!run.ran) throw new Error('migration lock not taken');
  return run.value;
}

async function migrateHoldingLock(db: Database, dir: string): Promise<string[]> {
  const files = migrationFiles(dir);
  await db.script((r) =>
    r.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at bigint NOT NULL)`),
  );
  const applied: string[] = [];
  for (const file of files) {
    const version = file.slice(0, 4);
    const done = await db.script(async (r) => {
      await r.exec('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      const rows = await r.query('SELECT version FROM schema_migrations WHERE version = $1', [version]);
      if (rows.length > 0) return false;
      await r.exec(readFileSync(path.join(dir, file), 'utf8'));
      await r.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [version, Date.now()]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
