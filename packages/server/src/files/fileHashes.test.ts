import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileHashes, type ChunkSpan } from './fileHashes.js';

const dir = mkdtempSync(path.join(tmpdir(), 'file-hashes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHUNK = 300_000;
const bytes = randomBytes(CHUNK * 3 + 1234);
const spans: ChunkSpan[] = [0, 1, 2, 3].map((index) => ({ index, start: index * CHUNK, end: Math.min(bytes.length, (index + 1) * CHUNK) }));
const expected = { md5: createHash('md5').update(bytes).digest('hex'), sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };

let n = 0;
function dataFile(content: Buffer = bytes): string {
  const file = path.join(dir, `data-${n++}`);
  writeFileSync(file, content);
  return file;
}

/** Writes span's bytes in batches of `batch`, telling the stream of each one. */
function streamIn(stream: { written(start: number, end: number): void }, span: ChunkSpan, batch: number, upTo = span.end): void {
  for (let at = span.start; at < upTo; at += batch) stream.written(at, Math.min(upTo, at + batch));
}

describe('FileHashes: the whole-file hash while the chunks arrive', () => {
  it('gives the file MD5 and sha256 when chunks are held out of order', async () => {
    const hashes = new FileHashes();
    const file = dataFile();
    for (const i of [2, 0, 3, 1]) hashes.held('1', file, spans[i]!);
    expect(await hashes.digest('1', file, spans)).toMatchObject(expected);
  });

  it('hashes the chunks that are next in order while they stream in, and only those', async () => {
    const hashes = new FileHashes();
    const file = dataFile();
    const first = hashes.begin('2', file, 0)!;
    expect(first).toBeDefined();
    // Another chunk is not next in order: it is fed once held.
    expect(hashes.begin('2', file, 2)).toBeUndefined();
    streamIn(first, spans[0]!, 65_536);
    hashes.held('2', file, spans[0]!);
    first.end();
    hashes.held('2', file, spans[1]!);
    hashes.held('2', file, spans[2]!);
    const last = hashes.begin('2', file, 3)!;
    expect(last).toBeDefined();
    streamIn(last, spans[3]!, 1000);
    hashes.held('2', file, spans[3]!);
    last.end();
    expect(await hashes.digest('2', file, spans)).toMatchObject(expected);
  });

  it('leaves the hash as it was when a chunk fails halfway, and hashes its bytes of the next send', async () => {
    const hashes = new FileHashes();
    // The first send's bytes on disk are other bytes (a send cut short, later written over).
    const wrong = Buffer.from(bytes);
    wrong.fill(7, spans[1]!.start, spans[1]!.end);
    const file = dataFile(wrong);
    hashes.held('3', file, spans[0]!);
    const failed = hashes.begin('3', file, 1)!;
    streamIn(failed, spans[1]!, 50_000, spans[1]!.start + 150_000);
    failed.end();
    // The second send of the chunk writes the right bytes in place, as the chunk store does (never
    // truncating: the hashing thread may still be reading the first send's batches).
    const fd = openSync(file, 'r+');
    writeSync(fd, bytes, spans[1]!.start, spans[1]!.end - spans[1]!.start, spans[1]!.start);
    closeSync(fd);
    const again = hashes.begin('3', file, 1)!;
    expect(again).toBeDefined();
    streamIn(again, spans[1]!, 50_000);
    hashes.held('3', file, spans[1]!);
    again.end();
    expect(await hashes.digest('3', file, spans)).toMatchObject(expected);
  });

  it('reads a chunk again from the file when its batches did not cover it (held before its stream ended)', async () => {
    const hashes = new FileHashes();
    const file = dataFile();
    const open = hashes.begin('4', file, 0)!;
    streamIn(open, spans[0]!, 65_536, spans[0]!.start + 100_000);
    // The whole upload is digested (every chunk held, e.g. by the assembly) while chunk 0's batches are short.
    const digest = hashes.digest('4', file, spans);
    streamIn(open, spans[0]!, 65_536);
    open.end();
    expect(await digest).toMatchObject(expected);
  });
});
