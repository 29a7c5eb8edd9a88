/**
 * PGlite runs: migrate and seed one database once, dump it, and let every test file start its own
 * instance from that dump. Starting from a dump skips the migrations and the demo seed that each file
 * would otherwise repeat (tens of seconds per file on a busy 2-core machine). PostgreSQL runs keep one
 * fresh schema per file and do not need this.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { DEMO_PASSWORD, testKeys } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ds-pglite-template-'));
  const db = await openDatabase({});
  const app = await buildApp({
    db,
    keys: testKeys(),
    logger: false,
    seedDemo: true,
    settings: { dataDir: dir, demoPassword: DEMO_PASSWORD, portalDir: path.join(dir, 'none'), elementsDir: path.join(dir, 'none'), video: { transcode: false, concurrency: 0 } },
  });
  await app.close();
  const dump = await db.dump!();
  await db.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
