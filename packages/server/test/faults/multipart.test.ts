/**
 * Malformed chunk uploads, as a broken client or a hostile one sends them: each gets a clear 4xx in
 * the envelope (a Chinese message, never a bare 500 or a reset line), and nothing is stored — no
 * chunk counts as received and no byte lands in the file store.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { record } from './faultRecord.js';
import { cleanupAfterAll, databaseLeg, type ServerProcess, startFreshServer } from './serverProcess.js';
import { chunkBody, login, pngFile, rawPost, received, type UploadFile } from './uploadClient.js';

const CHUNK = 64 * 1024;
let server: ServerProcess;
let token: string;
const cleanup = cleanupAfterAll();
beforeAll(async () => {
  server = await startFreshServer(cleanup);
  token = await login(server.base);
});

/** Bytes in the file store (partial uploads and stored files). */
function storedBytes(dir = path.join(server.dataDir, 'files')): number {
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const p = path.join(dir, name);
    const s = statSync(p);
    total += s.isDirectory() ? storedBytes(p) : s.size;
  }
  return total;
}

const f: UploadFile = { whole: pngFile(2 * CHUNK), fileName: '坏表单.png', chunkSize: CHUNK };
const good = chunkBody(f, 0);
const boundary = good.contentType.split('boundary=')[1]!;
const text = good.body.toString('latin1');
const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const replaceField = (name: string, value: string) =>
  Buffer.from(text.replace(new RegExp(`(name="${name}"\\r\\n\\r\\n)[^\\r]*`), `$1${value}`), 'latin1');

/** [what, body, content type] */
const CASES: Array<[string, Buffer, string]> = [
  ['body cut before its closing boundary', good.body.subarray(0, good.body.length - 3000), good.contentType],
  ['closing boundary missing', good.body.subarray(0, good.body.length - `\r\n--${boundary}--\r\n`.length), good.contentType],
  ['no boundary in the content type', good.body, 'multipart/form-data'],
  ['another boundary than the content type says', good.body, 'multipart/form-data; boundary=nottheone'],
  ['a part without headers', Buffer.from(`--${boundary}\r\n\r\nxyz\r\n--${boundary}--\r\n`), good.contentType],
  ['garbage after the content type', Buffer.from('\u0000\u0001garbage'.repeat(100)), good.contentType],
  ['no file part', Buffer.from(text.slice(0, text.indexOf('name="file"')).replace(/--[^-]*$/, '') + `--${boundary}--\r\n`, 'latin1'), good.contentType],
  ['the file before its fields', Buffer.from(text.slice(text.indexOf('name="file"') - boundary.length - 42), 'latin1'), good.contentType],
  ['a 200 KB field', Buffer.concat([Buffer.from(field('fileName', 'x'.repeat(200_000))), good.body]), good.contentType],
  ['chunk is not a number', replaceField('chunk', 'abc'), good.contentType],
  ['chunk is negative', replaceField('chunk', '-1'), good.contentType],
  ['chunk beyond chunks', replaceField('chunk', '99'), good.contentType],
  ['totalSize is a float', replaceField('totalSize', '1.5e6'), good.contentType],
  ['totalSize beyond 2^53', replaceField('totalSize', '99999999999999999999'), good.contentType],
  ['chunkSize is empty', replaceField('chunkSize', ''), good.contentType],
  ['fileMd5 is an object', replaceField('fileMd5', '{"$gt":""}'), good.contentType],
  ['fileName with a NUL byte', replaceField('fileName', 'a\u0000b.png'), good.contentType],
];

describe(`malformed multipart (${databaseLeg})`, () => {
  it(`answers a clear 4xx for each of ${CASES.length} malformed chunk requests and stores nothing`, async (context) => {
    const rec = record(context, CASES.map((c) => c[0]).slice(0, 3).join(', ') + ', …');
    const bytesBefore = storedBytes();
    const wrong: string[] = [];
    for (const [what, body, contentType] of CASES) {
      rec.runs++;
      const answer = await rawPost(server.base, '/api/file/v1/file/block', body, { authorization: token, 'content-type': contentType });
      const clear = answer.http >= 400 && answer.http < 500 && answer.status !== 200 && /[\u4e00-\u9fff]/.test(answer.message ?? '');
      if (!clear) {
        rec.failures++;
        wrong.push(`${what}: HTTP ${answer.http} ${answer.status} ${answer.message}`);
      }
    }
    const kept = await received(server.base, token, f);
    rec.lost = 0;
    if (wrong.length) console.log(server.output().slice(-6000));
    expect(wrong).toEqual([]);
    expect(kept.received).toEqual([]);
    expect(storedBytes()).toBe(bytesBefore);
    // The server is still there for the well-formed request.
    const fine = await rawPost(server.base, '/api/file/v1/file/block', good.body, { authorization: token, 'content-type': good.contentType });
    expect(fine.status).toBe(200);
  });
});
