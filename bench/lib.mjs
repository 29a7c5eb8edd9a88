// Helpers shared by the benchmarks: the reference server, a demo login the way the browser does it,
// and figure formatting.
import { resolve } from 'node:path';
import { publicEncrypt, constants } from 'node:crypto';
import { startReferenceServer } from '../scripts/reference-server.mjs';

export const root = resolve(import.meta.dirname, '..');
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Ds@123456';

/** The built reference server on a free port with a fresh data folder: `{ base, stop() }`. */
export async function startServer(env = {}) {
  const server = await startReferenceServer({ env });
  return { base: server.apiBase, stop: server.stop, dataDir: server.dataDir };
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
