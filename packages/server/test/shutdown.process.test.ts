/**
 * SIGTERM to the real server process, as a rolling restart sends it: a chunk upload in flight on a
 * kept-alive connection finishes and is acknowledged; a request arriving after the signal on that
 * connection gets 503 with `Connection: close`; new connections are refused; the process exits 0; and
 * after a restart the acknowledged chunk is there. PGlite in a data folder, or a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, createHash, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_HEAD } from './filesKit.js';
import { privateServerBundle } from './serverBundle.js';

const CHUNK = 64 * 1024;
let mainJs: string;
let dataDir: string;
let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | undefined;

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  mainJs = privateServerBundle('shutdown');
  dataDir = mkdtempSync(path.join(tmpdir(), 'ds-shutdown-'));
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `ds_shutdown_${randomBytes(4).toString('hex')}`;
    await admin(url, `CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = () => admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}, 300_000);
afterAll(async () => {
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, what: string, ms = 150_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function start(): { child: ChildProcess; base: Promise<string>; exited: Promise<number | null>; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', SHUTDOWN_GRACE_SECONDS: '20', DEMO_PASSWORD: 'Ds@123456' },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const base = waitFor(() => /listening on (http:\/\/\S+)/.exec(output)?.[1], 'the address line');
  return { child, base, exited, output: () => output };
}

async function login(base: string): Promise<string> {
  const key = ((await (await fetch(`${base}/cas/publicKey`)).json()) as any).data.publicKey as string;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Ds@123456')).toString('base64');
  const res = await fetch(`${base}/cas/login/restful`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher', password, code: 'web', ed: '' }),
  });
  return ((await res.json()) as any).data.token;
}

/** A one-chunk PNG upload as raw HTTP/1.1 on a kept-alive connection: head and body, split in two. */
function chunkRequest(token: string): { first: Buffer; rest: Buffer; fileMd5: string } {
  const whole = randomBytes(CHUNK);
  Buffer.from(PNG_HEAD).copy(whole);
  const fileMd5 = createHash('md5').update(whole).digest('hex');
  const fields: Record<string, string> = { chunkSize: String(CHUNK), extension: 'png', fileMd5, fileName: 'slow.png', totalSize: String(CHUNK), supportSourceFlag: '0', chunk: '0', chunks: '1' };
  const body = Buffer.concat([
    Buffer.from(
      Object.entries(fields).map(([k, v]) => `--b\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
        '--b\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: application/octet-stream\r\n\r\n',
    ),
    whole,
    Buffer.from('\r\n--b--\r\n'),
  ]);
  const head = Buffer.from(
    `POST /api/file/v1/file/block HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nConnection: keep-alive\r\n` +
      `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  const half = Math.floor(body.length / 2);
  return { first: Buffer.concat([head, body.subarray(0, half)]), rest: body.subarray(half), fileMd5 };
}

/** The HTTP responses read from a socket until the server closes it. */
function responses(socket: Socket): Promise<Array<{ status: number; headers: Record<string, string>; body: string }>> {
  let raw = Buffer.alloc(0);
  socket.on('data', (d: Buffer) => (raw = Buffer.concat([raw, d])));
  return new Promise((resolve) =>
    socket.on('close', () => {
      const out: Array<{ status: number; headers: Record<string, string>; body: string }> = [];
      let rest = raw;
      while (rest.length > 0) {
        const end = rest.indexOf('\r\n\r\n');
        if (end < 0) break;
        const [statusLine, ...lines] = rest.subarray(0, end).toString().split('\r\n');
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        const length = Number(headers['content-length'] ?? 0);
        out.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.subarray(end + 4, end + 4 + length).toString() });
        rest = rest.subarray(end + 4 + length);
      }
      resolve(out);
    }),
  );
}

const refused = (base: string) =>
  new Promise<true | undefined>((resolve) => {
    const url = new URL(base);
    const s = connect(Number(url.port), url.hostname);
    s.on('connect', () => {
      s.destroy();
      resolve(undefined);
    });
    s.on('error', () => resolve(true));
  });

describe('SIGTERM with a request in flight', () => {
  it('finishes the request in flight, refuses the next with 503 and Connection: close, and keeps the acknowledged chunk', async () => {
    const sent = { fileMd5: '' };
    const server = start();
    try {
      const base = await server.base;
      const token = await login(base);
      const upload = chunkRequest(token);
      sent.fileMd5 = upload.fileMd5;
      const url = new URL(base);
      const socket = connect(Number(url.port), url.hostname);
      const answers = responses(socket);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(upload.first);
      // A round trip on another connection after the half was written: on loopback the server has read
      // the half (the request is in flight) by the time it answers.
      expect((await fetch(`${base}/healthz/live`)).status).toBe(200);

      server.child.kill('SIGTERM');
      await waitFor(() => refused(base), 'new connections to be refused');
      socket.write(Buffer.concat([upload.rest, Buffer.from('GET /healthz/ready HTTP/1.1\r\nHost: x\r\n\r\n')]));
      const [chunkAnswer, after] = await answers;
      expect(chunkAnswer?.status).toBe(200);
      expect(JSON.parse(chunkAnswer!.body).status).toBe(200);
      expect(after?.status).toBe(503);
      expect(after?.headers.connection).toBe('close');
      expect(JSON.parse(after!.body)).toMatchObject({ status: 503, message: '服务暂不可用', data: { part: 'shutdown' } });
      expect(await server.exited).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }

    const again = start();
    try {
      const base = await again.base;
      const token = await login(base);
      const status = await fetch(`${base}/file/v1/file/upload/status`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ fileMd5: sent.fileMd5, fileName: 'slow.png', totalSize: CHUNK, chunkSize: CHUNK }),
      });
      const json = (await status.json()) as { status: number; data: { received?: number[] } | null };
      expect(json.data).toMatchObject({ received: [0] });
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 400_000);
});
