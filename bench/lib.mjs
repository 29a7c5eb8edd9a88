// Helpers shared by the benchmarks: start the built reference server on a free port with a fresh data
// directory, log in a demo account the way the browser does, and format figures.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { publicEncrypt, constants } from 'node:crypto';

export const root = resolve(import.meta.dirname, '..');
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Ds@123456';

export async function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on('error', fail);
  });
}

/** Starts `packages/server/dist/main.js` and resolves once /healthz answers. */
export async function startServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ds-bench-'));
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the public API (RSA PKCS#1 v1.5, as jsencrypt does) and returns the token. */
export async function login(base, username, password = DEMO_PASSWORD) {
  const key = (await (await fetch(`${base}/cas/publicKey`)).json()).data.publicKey;
  const cipher = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
  const res = await fetch(`${base}/cas/login/restful`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: cipher, code: 'web', ed: '' }),
  });
  const body = await res.json();
  if (body.status !== 200) throw new Error(`login failed: ${body.status} ${body.message}`);
  return body.data.token;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
