/**
 * Once per run of the suite:
 * 1. builds the server and copies the bundle to dist/faults/, which only this suite starts (another
 *    suite rebuilding dist/main.js at the same moment can never hand a fault test half a file);
 * 2. starts it once on a fresh data folder (and, on the PostgreSQL leg, a fresh database), so the
 *    migrations and the demo seed run once; every test starts from a copy of that folder (or a
 *    database made from that template) instead of paying for them again.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { faultMainJs, postgresUrl, serverDir, startServer } from './serverProcess.js';

declare module 'vitest' {
  export interface ProvidedContext {
    faultTemplateDir: string;
    faultTemplateDatabase: string;
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [path.join(serverDir, 'build.mjs')], { cwd: serverDir, stdio: 'ignore' });
  mkdirSync(path.dirname(faultMainJs), { recursive: true });
  // Copied under another name and renamed: a server starting from the old copy meanwhile reads a whole file.
  for (const file of ['main.js.map', 'main.js']) {
    const target = path.join(path.dirname(faultMainJs), file);
    copyFileSync(path.join(serverDir, 'dist', file), `${target}.${process.pid}`);
    renameSync(`${target}.${process.pid}`, target);
  }
  if (!readFileSync(faultMainJs, 'utf8').trimEnd().endsWith('//# sourceMappingURL=main.js.map')) throw new Error('the server bundle copied to dist/faults is incomplete');

  const root = mkdtempSync(path.join(tmpdir(), 'ds-fault-template-'));
  const dataDir = path.join(root, 'data');
  let database = '';
  if (postgresUrl) {
    database = `ds_fault_template_${process.pid}`;
    await admin(`DROP DATABASE IF EXISTS ${database}`);
    await admin(`CREATE DATABASE ${database}`);
  }
  const url = database ? Object.assign(new URL(postgresUrl!), { pathname: `/${database}` }).toString() : undefined;
  const server = await startServer({ dataDir, databaseUrl: url });
  await server.stop();
  project.provide('faultTemplateDir', dataDir);
  project.provide('faultTemplateDatabase', database);
  return async () => {
    rmSync(root, { recursive: true, force: true });
    if (database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
}
