/**
 * The built server killed with SIGKILL in the middle of an upload (one chunk half sent) and started
 * again on the same data folder: acknowledged chunks survive, the half chunk does not count, and the
 * upload completes without sending the acknowledged chunks again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileBytes, md5, sliceChunk } from './filesKit.js';
import { privateServerBundle } from './serverBundle.js';

const CHUNK = 64 * 1024;
let mainJs: string;
let dataDir: string;

function start(): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 150_000);
    const onData = (d: Buffer) => {
      output += d;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
  });
  return { child, url };
}

async function login(base: string): Promise<string> {
  const key = ((await (await fetch(`${base}/cas/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Ds@123456')).toString('base64');
  const res = await fetch(`${base}/cas/login/restful`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'teacher', password, code: 'web' }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

function chunkForm(whole: Buffer, index: number, fileInfoId?: number): FormData {
  const form = new FormData();
  const fields: Array<[string, string]> = [['chunkSize', String(CHUNK)], ['extension', 'mp4'], ['fileMd5', md5(whole)], ['fileName', '断点续传.mp4'], ['filePath', '-1'], ['totalSize', String(whole.length)], ['supportSourceFlag', '0']];
  if (fileInfoId !== undefined) fields.push(['fileInfoId', String(fileInfoId)]);
  fields.push(['storageType', '4'], ['chunk', String(index)], ['chunks', String(Math.ceil(whole.length / CHUNK))]);
  for (const [k, v] of fields) form.append(k, v);
  form.append('file', new Blob([sliceChunk(whole, CHUNK, index)]), '断点续传.mp4');
  return form;
}

async function post(base: string, token: string, form: FormData) {
  const res = await fetch(`${base}/api/file/v1/file/block`, { method: 'POST', headers: { authorization: token }, body: form });
  return (await res.json()) as { status: number; data: { fileInfoId: number; fileInfo?: { fileMd5: string } } };
}

/** Sends only the first half of a chunk's request body and leaves the request hanging. */
async function sendHalf(base: string, token: string, form: FormData): Promise<void> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL(`${base}/api/file/v1/file/block`);
  const req = http.request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: token, 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length } });
  req.on('error', () => undefined);
  req.write(body.subarray(0, body.length - CHUNK / 2));
  await new Promise((r) => setTimeout(r, 300));
}

beforeAll(() => {
  mainJs = privateServerBundle('files-crash');
  dataDir = mkdtempSync(path.join(tmpdir(), 'ds-files-crash-'));
}, 180_000);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash during an upload', () => {
  it('keeps acknowledged chunks through SIGKILL and completes after a restart', async () => {
    const whole = fileBytes(5 * CHUNK + 123, 'mp4');
    const first = start();
    let second: ReturnType<typeof start> | undefined;
    try {
      const base = await first.url;
      const token = await login(base);
      const a = await post(base, token, chunkForm(whole, 0));
      const id = a.data.fileInfoId;
      expect((await post(base, token, chunkForm(whole, 2, id))).status).toBe(200);
      expect((await post(base, token, chunkForm(whole, 1, id))).status).toBe(200);
      await sendHalf(base, token, chunkForm(whole, 3, id));
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));

      second = start();
      const base2 = await second.url;
      const token2 = await login(base2);
      const status = await fetch(`${base2}/file/v1/file/upload/status`, {
        method: 'POST',
        headers: { authorization: token2, 'content-type': 'application/json' },
        body: JSON.stringify({ fileMd5: md5(whole), fileName: '断点续传.mp4', totalSize: whole.length, chunkSize: CHUNK }),
      });
      const map = ((await status.json()) as { data: { fileInfoId: number; received: number[] } }).data;
      expect(map).toMatchObject({ fileInfoId: id, received: [0, 1, 2] });
      expect((await post(base2, token2, chunkForm(whole, 3, id))).status).toBe(200);
      expect((await post(base2, token2, chunkForm(whole, 5, id))).status).toBe(200);
      const last = await post(base2, token2, chunkForm(whole, 4, id));
      expect(last.data.fileInfo?.fileMd5).toBe(md5(whole));
      const bytes = Buffer.from(await (await fetch(`${base2}/file/v1/file/download/${id}`, { headers: { authorization: token2 } })).arrayBuffer());
      expect(md5(bytes)).toBe(md5(whole));
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
      if (second && second.child.exitCode === null) {
        second.child.kill('SIGTERM');
        await new Promise((r) => second!.child.once('exit', r));
      }
    }
  }, 420_000);
});
