/**
 * A stored file whose type says picture but whose bytes sharp cannot read has no AVIF/WebP copies.
 * That is recorded (the list of copies, with no widths) the first time, so later requests for a variant
 * serve the original without reading and decoding its bytes again.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ObjectStore } from './fileStore.js';
import type { ContentRow } from './fileRows.js';
import { ImageVariants, variantKeysOf, variantsListKey } from './imageVariants.js';

/** An object store in memory that counts the reads of each key. */
function memoryStore() {
  const objects = new Map<string, Buffer>();
  const reads = new Map<string, number>();
  const store: ObjectStore = {
    kind: 'local',
    async put(key, bytes) {
      const parts: Buffer[] = [];
      for await (const part of bytes) parts.push(Buffer.from(part as Buffer));
      objects.set(key, Buffer.concat(parts));
    },
    async readRange(key, start, end) {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return Readable.from([objects.get(key)!.subarray(start, end + 1)]);
    },
    async stat(key) {
      const bytes = objects.get(key);
      return bytes ? { size: bytes.length } : null;
    },
    async exists(key) {
      return objects.has(key);
    },
    async delete(key) {
      objects.delete(key);
    },
    async move(from, to) {
      objects.set(to, objects.get(from)!);
      objects.delete(from);
    },
  };
  return { store, objects, reads: (key: string) => reads.get(key) ?? 0 };
}

function stored(memory: ReturnType<typeof memoryStore>, bytes: Buffer, sha256: string): ContentRow {
  const content: ContentRow = { sha256, md5: 'm', size: bytes.length, store: 'local', storageKey: `ab/cd/${sha256}`, mime: 'image/png' };
  memory.objects.set(content.storageKey, bytes);
  return content;
}

describe('ImageVariants and bytes that are no picture', () => {
  it('records that a file sharp cannot read has no copies, and does not read it again on the next requests', async () => {
    const memory = memoryStore();
    const content = stored(memory, Buffer.from('not a picture at all, only named .png'), 'f'.repeat(64));
    const variants = new ImageVariants(memory.store);

    expect(await variants.find(content, 640, 'avif')).toBe('pending');
    await variants.idle();
    expect(memory.reads(content.storageKey)).toBe(1);
    expect(JSON.parse(memory.objects.get(variantsListKey(content.storageKey))!.toString('utf8'))).toMatchObject({ widths: [] });

    expect(await variants.find(content, 640, 'avif')).toBe('none');
    expect(await variants.find(content, 320, 'webp')).toBe('none');
    await variants.idle();
    expect(memory.reads(content.storageKey)).toBe(1);

    // Another process (or this one after a restart) reads the record, not the bytes.
    const restarted = new ImageVariants(memory.store);
    expect(await restarted.find(content, 960, 'webp')).toBe('none');
    await restarted.idle();
    expect(memory.reads(content.storageKey)).toBe(1);

    // Deleting the file's content removes the record with it.
    expect(await variantKeysOf(memory.store, content.storageKey)).toEqual([variantsListKey(content.storageKey)]);
  });

  it('still makes the copies of a real picture and answers with one', async () => {
    const memory = memoryStore();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    const content = stored(memory, png, 'e'.repeat(64));
    const variants = new ImageVariants(memory.store);

    expect(await variants.find(content, 320, 'webp')).toBe('pending');
    await variants.idle();
    expect(await variants.find(content, 320, 'webp')).toMatchObject({ mime: 'image/webp', width: 320 });
    expect(await variants.find(content, 1920, 'avif')).toMatchObject({ mime: 'image/avif', width: 400 });
  });
});
