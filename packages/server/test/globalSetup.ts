/**
 * One migrated and seeded database for the whole run, copied for each test file, so that no file repeats
 * the migrations and the demo seed (tens of seconds per file on a busy 2-core machine, and on PostgreSQL
 * most of the suite's CPU):
 * - PGlite: the database is dumped, and each file starts its own instance from the dump;
 * - PostgreSQL: a template database, which each file copies with `CREATE DATABASE … TEMPLATE` (a file copy
 *   inside the database server) and whose schema it renames to one of its own (test/harness.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { DEMO_PASSWORD, POSTGRES_TEMPLATE_SCHEMA, testKeys, withDatabase } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The PostgreSQL template database of this run ('' on PGlite). */
    postgresTemplate: string;
  }
}

/** Migrates and seeds `db` as every test server's start would, with nothing else running. */
async function migrateAndSeed(db: Database, dir: string): Promise<void> {
  const app = await buildApp({
    db,
    keys: testKeys(),
    logger: false,
    seedDemo: true,
    settings: { dataDir: dir, demoPassword: DEMO_PASSWORD, portalDir: path.join(dir, 'none'), elementsDir: path.join(dir, 'none'), video: { transcode: false, concurrency: 0 } },
  });
  await app.close();
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ds-db-template-'));
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `ds_template_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A role without CREATEDB gets a fresh schema per file instead, migrated and seeded by each server.
    const created = await admin.query(`CREATE DATABASE "${name}"`).then(
      () => true,
      (error: Error) => (console.warn(`no template database (${error.message}): each test file migrates its own schema`), false),
    );
    if (created) {
      const db = await openDatabase({ url: withDatabase(url, name), schemaName: POSTGRES_TEMPLATE_SCHEMA });
      try {
        await migrateAndSeed(db, dir);
      } finally {
        await db.close();
      }
      // Nobody may stay connected to a template (a copy is refused while anyone is).
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
    }
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', created ? name : '');
    return async () => {
      if (created) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const db = await openDatabase({});
  await migrateAndSeed(db, dir);
  const dump = await db.dump!();
  await db.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
