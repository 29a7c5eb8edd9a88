/**
 * PostgreSQL restarted under load (PostgreSQL leg only). The test runs a throwaway cluster of its own
 * (initdb as the postgres user, as .ci/run does), so restarting it disturbs nothing else. While four
 * clients read `user/current` and the lesson page, the cluster is restarted (fast shutdown: every
 * connection is terminated mid-query): the server process survives, answers 503 5030001 while the
 * database is away — never 500 — and 200 again once it is back, from the same connection pool.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { record } from './faultRecord.js';
import { cleanupAfterAll, freshDataDir, postgresUrl, startServer, waitFor } from './serverProcess.js';
import { login } from './uploadClient.js';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const canRun = Boolean(postgresUrl) && process.getuid?.() === 0 && existsSync(path.join(PG_BIN, 'initdb'));
const cleanup = cleanupAfterAll();

const asPostgres = (command: string) => execFileSync('su', ['postgres', '-c', command], { cwd: '/tmp', stdio: 'ignore' });

describe.runIf(canRun)('PostgreSQL restarted under load (PostgreSQL leg, as root)', () => {
  it('answers 503 while the database is away, never 500, and recovers without a restart of the server', async (context) => {
    const rec = record(context, 'pg_ctl restart -m fast under 4 readers');
    rec.runs = 1;
    const dir = mkdtempSync(path.join(tmpdir(), 'ds-fault-pg-'));
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = 20_000 + (process.pid % 20_000);
    const ctl = (what: string) => asPostgres(`${PG_BIN}/pg_ctl -D ${dir}/data -l ${dir}/log -w ${what}`);
    asPostgres(`${PG_BIN}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8`);
    ctl(`-o "-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off" start`);
    cleanup.push(() => void asPostgres(`${PG_BIN}/pg_ctl -D ${dir}/data -m immediate stop`));
    const { dataDir, remove } = await freshDataDir();
    cleanup.push(remove);
    const server = await startServer({ dataDir, databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` });
    cleanup.push(() => server.stop());
    const token = await login(server.base);

    const counts = new Map<number, number>();
    let running = true;
    const reader = async (i: number) => {
      while (running) {
        const res = await (i % 2
          ? fetch(`${server.base}/base/v1/user/current`, { headers: { authorization: token } })
          : fetch(`${server.base}/cloudSchool/v1/cloudLesson/getOnDemandLessonPage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"stage":2,"pageNum":${1 + (Date.now() % 50)}}` })
        ).catch(() => undefined);
        const status = res ? res.status : 0;
        await res?.arrayBuffer();
        counts.set(status, (counts.get(status) ?? 0) + 1);
      }
    };
    const readers = [0, 1, 2, 3].map(reader);
    await waitFor(() => (counts.get(200) ?? 0) >= 20 || undefined, 'answers before the restart');
    ctl('-m fast restart');
    const okBefore = counts.get(200) ?? 0;
    // Back: a run of good answers after the restart.
    await waitFor(() => (counts.get(200) ?? 0) >= okBefore + 50 || undefined, 'answers after the restart', 60_000);
    running = false;
    await Promise.all(readers);
    const summary = JSON.stringify(Object.fromEntries(counts));
    rec.note = `pg_ctl restart -m fast under 4 readers: ${summary}`;
    expect(server.child.exitCode).toBe(null);
    expect(counts.get(500) ?? 0, summary).toBe(0);
    expect(counts.get(0) ?? 0, summary).toBe(0);
    expect([...counts.keys()].every((s) => s === 200 || s === 503), summary).toBe(true);
  });
});
