/**
 * Thumbnails of stored pictures for lists (lesson cards, covers, screenshots): the picture scaled to fit
 * THUMB_BOX × THUMB_BOX (never enlarged, EXIF orientation applied), JPEG at quality 100 as spec §9
 * says, or PNG when the picture has transparency. Made with sharp (libvips) the first time it is asked
 * for, stored beside the original in the same object store (`<key>-thumb-jpg`), recorded on the
 * content row, and shared by every file of the same bytes. Two processes asking at once write the same
 * bytes under the same key (the store's writes are atomic), so no lock spans processes.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Orm } from '../db/database.js';
import { fileContents } from '../db/schema.js';
import { readStored, type FileStore } from './fileStore.js';
import type { ContentRow } from './fileRows.js';
import { DECODE_OPTIONS, pictureHeader } from './pictureLimits.js';

export const THUMB_BOX = 480;
export const THUMB_QUALITY = 100;
/** Pictures larger than this are not read into memory for a thumbnail. */
const MAX_SOURCE_BYTES = 40 * 1024 * 1024;
const PICTURES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

export interface Thumb {
  key: string;
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  size: number;
}

const mimeOfKey = (key: string): Thumb['mime'] => (key.endsWith('-thumb-png') ? 'image/png' : 'image/jpeg');

export class Thumbnails {
  private readonly making = new Map<string, Promise<Thumb | null>>();

  constructor(
    private readonly orm: Orm,
    private readonly store: FileStore,
  ) {}

  /** Whether a content can have a thumbnail at all (a picture of a kind sharp reads, not too large). */
  static fits(content: Pick<ContentRow, 'mime' | 'size'>): boolean {
    return PICTURES.has(content.mime) && content.size > 0 && content.size <= MAX_SOURCE_BYTES;
  }

  /**
   * The content's thumbnail, made now if it is the first time; null when the bytes are no picture;
   * rejects with PictureTooLarge for a picture with more pixels than the server decodes.
   */
  ensure(content: ContentRow): Promise<Thumb | null> {
    if (!Thumbnails.fits(content)) return Promise.resolve(null);
    const running = this.making.get(content.sha256);
    if (running) return running;
    const run = this.find(content)
      .then((found) => found ?? this.make(content))
      .finally(() => this.making.delete(content.sha256));
    this.making.set(content.sha256, run);
    return run;
  }

  private async find(content: ContentRow): Promise<Thumb | null> {
    const [row] = await this.orm
      .select({ key: fileContents.thumbKey, width: fileContents.thumbWidth, height: fileContents.thumbHeight })
      .from(fileContents)
      .where(eq(fileContents.sha256, content.sha256));
    if (!row?.key) return null;
    const stat = await this.store.stat(row.key);
    return stat ? { key: row.key, mime: mimeOfKey(row.key), width: row.width ?? 0, height: row.height ?? 0, size: stat.size } : null;
  }

  private async make(content: ContentRow): Promise<Thumb | null> {
    const source = await readStored(this.store, content.storageKey, content.size);
    const header = await pictureHeader(source);
    if (!header) return null;
    let image: { data: Buffer; info: sharp.OutputInfo };
    try {
      const picture = sharp(source, DECODE_OPTIONS).rotate();
      const { hasAlpha } = header;
      const resized = picture.resize({ width: THUMB_BOX, height: THUMB_BOX, fit: 'inside', withoutEnlargement: true });
      image = await (hasAlpha ? resized.png() : resized.flatten({ background: '#ffffff' }).jpeg({ quality: THUMB_QUALITY })).toBuffer({ resolveWithObject: true });
    } catch {
      return null; // bytes that only look like a picture: no thumbnail, the original is still served
    }
    const key = `${content.storageKey}-thumb-${image.info.format === 'png' ? 'png' : 'jpg'}`;
    await this.store.put(key, Readable.from([image.data]), image.data.length);
    await this.orm
      .update(fileContents)
      .set({ thumbKey: key, thumbWidth: image.info.width, thumbHeight: image.info.height })
      .where(eq(fileContents.sha256, content.sha256));
    return { key, mime: mimeOfKey(key), width: image.info.width, height: image.info.height, size: image.data.length };
  }
}
