/**
 * SIGTERM under load, against the real server process: the server
 * exits within its grace time even with a client stalled mid-request, releases the data-folder lock,
 * and every chunk it acknowledged is there after a restart. Also when its data folder is removed
 * while it stops (the case that once hung for minutes).
 */
import { constants, createHash, publicEncrypt, randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PNG_HEAD } from '../filesKit.js';
import { record } from './faultRecord.js';
import { cleanupAfterAll, databaseLeg, freshDataDir, scratchDatabase, type ServerProcess, startServer } from './serverProcess.js';

const GRACE_MS = 3_000;
const CHUNK = 64 * 1024;
const cleanup = cleanupAfterAll();

interface Server {
  apiBase: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A data folder (and on PostgreSQL a database) of the test's own, removed after the file. */
async function place(): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
  const { dataDir, remove } = await freshDataDir();
  const db = await scratchDatabase();
  cleanup.push(remove, () => db.drop());
  return { dataDir, databaseUrl: db.url };
}

async function start(at: { dataDir: string; databaseUrl: string | undefined }): Promise<Server> {
  const server: ServerProcess = await startServer({ ...at, env: { SHUTDOWN_GRACE_SECONDS: String(GRACE_MS / 1000), LOG_LEVEL: 'error' } });
  cleanup.push(() => server.stop());
  return { apiBase: server.base, child: server.child, stop: server.stop };
}

async function login(base: string, username: string): Promise<string> {
  const key = ((await (await fetch(`${base}/cas/publicKey`)).json()) as any).data.publicKey as string;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Ds@123456')).toString('base64');
  const res = await fetch(`${base}/cas/login/restful`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, code: 'web', ed: '' }),
  });
  return ((await res.json()) as any).data.token;
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

interface Ack {
  fileMd5: string;
  fileName: string;
  totalSize: number;
  chunk: number;
}

/** Uploads three-chunk PNG files one after another until the server stops answering. */
async function uploadLoop(base: string, token: string, acks: Ack[], worker: number): Promise<void> {
  for (let n = 0; ; n++) {
    const whole = randomBytes(3 * CHUNK);
    Buffer.from(PNG_HEAD).copy(whole);
    const fileName = `w${worker}-${n}.png`;
    let fileInfoId: number | undefined;
    for (let chunk = 0; chunk < 3; chunk++) {
      const form = new FormData();
      const fields: Record<string, string> = { chunkSize: String(CHUNK), extension: 'png', fileMd5: md5(whole), fileName, totalSize: String(whole.length), supportSourceFlag: '0', chunk: String(chunk), chunks: '3' };
      if (fileInfoId !== undefined) fields.fileInfoId = String(fileInfoId);
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([whole.subarray(chunk * CHUNK, (chunk + 1) * CHUNK)]), fileName);
      let json: any;
      try {
        const res = await fetch(`${base}/api/file/v1/file/block`, { method: 'POST', headers: { authorization: token }, body: form });
        json = await res.json();
      } catch {
        return; // the server is gone
      }
      if (json.status !== 200) return;
      fileInfoId = json.data.fileInfoId;
      acks.push({ fileMd5: md5(whole), fileName, totalSize: whole.length, chunk });
    }
  }
}

async function pageLoop(base: string): Promise<void> {
  for (;;) {
    try {
      await (await fetch(`${base}/cloudSchool/v1/cloudLesson/getOnDemandLessonPage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stage":2}' })).text();
    } catch {
      return;
    }
  }
}

/** A client that sends half a chunk upload and then nothing: in flight when the signal comes. */
function stalledUpload(base: string): void {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  socket.write('POST /api/file/v1/file/block HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 1000000\r\n\r\n--b\r\n');
}

/**
 * A chunk upload whose second half is sent only when `finish()` is called: in flight when the signal
 * comes, and finished within the grace time.
 */
function slowChunk(base: string, token: string) {
  const whole = randomBytes(CHUNK);
  Buffer.from(PNG_HEAD).copy(whole);
  const fields: Record<string, string> = { chunkSize: String(CHUNK), extension: 'png', fileMd5: md5(whole), fileName: 'slow.png', totalSize: String(CHUNK), supportSourceFlag: '0', chunk: '0', chunks: '1' };
  const head = Buffer.from(
    Object.entries(fields).map(([k, v]) => `--b\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
      '--b\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: application/octet-stream\r\n\r\n',
  );
  const body = Buffer.concat([head, whole, Buffer.from('\r\n--b--\r\n')]);
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  let sentHalf!: () => void;
  const halfSent = new Promise<void>((r) => (sentHalf = r));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body.subarray(0, half));
      sentHalf();
      finish = () => {
        controller.enqueue(body.subarray(half));
        controller.close();
      };
    },
  });
  const answer = fetch(`${base}/api/file/v1/file/block`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length) },
    body: stream,
    duplex: 'half',
  } as RequestInit).then(async (res) => ((await res.json()) as { status: number }).status);
  return { halfSent, finish: () => finish(), answer, fileMd5: md5(whole) };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe(`SIGTERM under load (${databaseLeg})`, () => {
  it('exits within its grace time, releases the lock and keeps every acknowledged chunk', async (context) => {
    const rec = record(context, '4 uploaders + 4 page readers + a stalled upload; 3 s grace');
    rec.runs = 1;
    const at = await place();
    const { dataDir } = at;
    const server = await start(at);
    const token = await login(server.apiBase, 'teacher');
    const acks: Ack[] = [];
    const loops = [...[0, 1, 2, 3].map((w) => uploadLoop(server.apiBase, token, acks, w)), ...[0, 1, 2, 3].map(() => pageLoop(server.apiBase))];
    stalledUpload(server.apiBase);
    await waitFor(() => acks.length >= 20, 'twenty acknowledged chunks');
    const slow = slowChunk(server.apiBase, token);
    await slow.halfSent;
    await new Promise((r) => setTimeout(r, 200)); // let the half reach the server

    const exited = exitOf(server.child);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // The request in flight when the signal came still gets its answer.
    setTimeout(() => slow.finish(), 500);
    expect(await slow.answer).toBe(200);
    acks.push({ fileMd5: slow.fileMd5, fileName: 'slow.png', totalSize: CHUNK, chunk: 0 });
    const { code, signal } = await exited;
    const tookMs = Date.now() - signalled;
    await Promise.all(loops);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(GRACE_MS + 3_000);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const again = await start(at);
    try {
      const teacher = await login(again.apiBase, 'teacher');
      const byFile = new Map<string, { ack: Ack; chunks: number[] }>();
      for (const ack of acks) {
        const entry = byFile.get(ack.fileName) ?? { ack, chunks: [] };
        entry.chunks.push(ack.chunk);
        byFile.set(ack.fileName, entry);
      }
      for (const { ack, chunks } of byFile.values()) {
        const res = await fetch(`${again.apiBase}/file/v1/file/upload/status`, {
          method: 'POST',
          headers: { authorization: teacher, 'content-type': 'application/json' },
          body: JSON.stringify({ fileMd5: ack.fileMd5, fileName: ack.fileName, totalSize: ack.totalSize, chunkSize: CHUNK }),
        });
        const received = ((await res.json()) as any).data.received as number[];
        rec.lost += chunks.filter((c) => !received.includes(c)).length;
        expect(`${ack.fileName}: ${received.filter((c) => chunks.includes(c)).join(',')}`).toBe(`${ack.fileName}: ${chunks.join(',')}`);
      }
    } finally {
      await again.stop();
    }
  }, 240_000);

  it('exits in bounded time even when its data folder is removed while it stops', async (context) => {
    record(context, 'data folder removed during the shutdown').runs = 1;
    const at = await place();
    const { dataDir } = at;
    const server = await start(at);
    const token = await login(server.apiBase, 'teacher');
    const acks: Ack[] = [];
    const loops = [uploadLoop(server.apiBase, token, acks, 0), pageLoop(server.apiBase), pageLoop(server.apiBase)];
    stalledUpload(server.apiBase);
    await waitFor(() => acks.length >= 6, 'six acknowledged chunks');
    const exited = exitOf(server.child);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    try {
      rmSync(dataDir, { recursive: true, force: true });
    } catch {
      // The server wrote a file meanwhile (ENOTEMPTY): most of the folder is gone all the same.
    }
    await exited;
    await Promise.all(loops);
    // The grace time, plus the watchdog's five seconds for closing the database, plus a margin.
    expect(Date.now() - signalled).toBeLessThan(GRACE_MS + 5_000 + 2_000);
  }, 240_000);
});
