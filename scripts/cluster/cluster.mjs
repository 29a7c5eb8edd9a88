// The cluster of deploy/compose.yaml as plain processes on loopback: one PostgreSQL, one S3-compatible
// store (s3rver), N built server instances over them with one shared DATA_DIR (DATA_DIR_SHARED=1), and
// nginx in front with deploy/nginx.conf. Used by the cluster test and bench/cluster.mjs.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../build-steps.mjs';
import { ensureServerBuilt, freePort } from '../reference-server.mjs';
import { startPostgres } from './postgres.mjs';
import { startNginx } from './nginx.mjs';

export const BUCKET = 'dscloud-files';
const serverMain = join(root, 'packages/server/dist/main.js');

/** Polls `fn` until it gives a value (not undefined/false), or throws naming `what` after `ms`. */
export async function waitFor(fn, what, ms = 60_000, everyMs = 50) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function startS3() {
  const require = createRequire(join(root, 'packages/server/package.json'));
  const S3rver = require('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'ds-cluster-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: BUCKET, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: '1' },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** One server instance on `port` with `env`; `start()` resolves once it prints its address. */
export function instance(port, env) {
  const self = {
    port,
    base: `http://127.0.0.1:${port}`,
    child: undefined,
    output: '',
    exited: Promise.resolve(),
    async start() {
      self.output = '';
      const child = spawn(process.execPath, [serverMain], { cwd: root, env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      self.child = child;
      child.stdout.on('data', (d) => (self.output += d));
      child.stderr.on('data', (d) => (self.output += d));
      self.exited = new Promise((r) => child.once('close', (code, signal) => r({ code, signal })));
      const killNow = () => child.kill('SIGKILL');
      process.once('exit', killNow);
      self.exited.then(() => process.off('exit', killNow));
      let gone;
      self.exited.then((e) => (gone = e));
      await waitFor(() => {
        if (gone) throw new Error(`instance :${port} exited (${gone.code ?? gone.signal}) before listening:\n${self.output}`);
        return /listening on http/.test(self.output);
      }, `instance :${port} to listen`, 180_000);
    },
    /** Resolves once `/healthz/ready` answers 200. */
    async ready() {
      await waitFor(async () => (await fetch(`${self.base}/healthz/ready`).catch(() => undefined))?.status === 200, `instance :${port} to be ready`, 120_000);
    },
    async kill(signal = 'SIGKILL') {
      if (self.child && self.child.exitCode === null && self.child.signalCode === null) self.child.kill(signal);
      return self.exited;
    },
  };
  return self;
}

/** The environment every instance of one cluster shares (the compose file's `x-app` environment). */
export function clusterEnv({ instances, databaseUrl, dataDir, s3Env, extra = {} }) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    INSTANCES: String(instances),
    DATABASE_URL: databaseUrl,
    DEPLOY_SECRET: randomBytes(32).toString('hex'),
    RSA_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
    DATA_DIR: dataDir,
    DATA_DIR_SHARED: '1',
    ...s3Env,
    TRUST_PROXY: '127.0.0.1',
    MAX_CONNECTIONS_PER_IP: '0',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Starts the whole cluster with `instances` servers started at the same moment:
 * `{ nginx, servers, pg, s3, env, dataDir, stop() }`.
 */
export async function startCluster({ instances = 3, env: extra = {}, nginxExtra } = {}) {
  ensureServerBuilt();
  const cleanups = [];
  const stop = async () => {
    for (const c of cleanups.reverse()) await c().catch((e) => console.error('cleanup:', e.message));
  };
  try {
    const pg = await startPostgres();
    cleanups.push(async () => pg.stop());
    const s3 = await startS3();
    cleanups.push(() => s3.stop());
    const tmp = mkdtempSync(join(tmpdir(), 'ds-cluster-data-'));
    cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
    const dataDir = join(tmp, 'data');
    const env = clusterEnv({ instances, databaseUrl: pg.url, dataDir, s3Env: s3.env, extra });
    const ports = [];
    for (let i = 0; i < instances; i++) ports.push(await freePort());
    const servers = ports.map((port) => instance(port, env));
    cleanups.push(async () => {
      await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    });
    await Promise.all(servers.map((s) => s.start()));
    await Promise.all(servers.map((s) => s.ready()));
    const nginx = await startNginx({ upstreams: ports.map((p) => `127.0.0.1:${p}`), port: await freePort(), extra: nginxExtra });
    cleanups.push(() => nginx.stop());
    return { nginx, servers, pg, s3, env, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
