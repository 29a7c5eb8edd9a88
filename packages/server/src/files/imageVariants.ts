/**
 * AVIF and WebP copies of stored pictures at the widths of `IMAGE_VARIANT_WIDTHS` (never wider than
 * the picture), for the portal's `<picture>` sources (docs/architecture.md "Picture variants").
 *
 * Made off the request path: an upload that completes queues its picture, and one queue per process
 * encodes one picture at a time (AVIF takes up to a second or two per width on a busy machine). A
 * variant asked for before it is ready is answered with the thumbnail (widths up to 480) or the
 * original picture (not cached), and the
 * picture is queued again, so a restart or a picture stored by another path still gets its copies.
 *
 * Stored beside the original in the same object store: `<key>-w640-avif`, `<key>-w640-webp`, …, then
 * `<key>-variants` (the widths made, written last: its presence means every copy is there). The key is
 * the content's address, so a variant is shared by every file of the same bytes and never changes.
 * Bytes that only look like a picture (sharp cannot read them), and pictures with more pixels than the
 * server decodes (pictureLimits.ts), get the list with no widths: the content has no copies, and later
 * requests serve the original without reading and decoding it again.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { IMAGE_VARIANT_FORMATS, pickVariantWidth, variantWidthsFor, type ImageVariantFormat } from '@dscloud/sdk/files';
import { readStored, type ObjectStore } from './fileStore.js';
import type { ContentRow } from './fileRows.js';
import { DECODE_OPTIONS, pictureHeader, PictureTooLarge } from './pictureLimits.js';
import { Thumbnails } from './thumbnails.js';

/**
 * Encoder quality. Spec §9's "image resize quality 100" is kept by the JPEG/PNG thumbnail
 * (thumbnails.ts); these copies exist to be small, and at 100 an AVIF is larger than the JPEG it
 * replaces (measured in docs/performance.md "Picture variants"), so they use the encoders' usual
 * visually lossless settings.
 */
export const VARIANT_QUALITY: Record<ImageVariantFormat, number> = { avif: 60, webp: 80 };
const AVIF_EFFORT = 3;
const MIME: Record<ImageVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
/** Pictures remembered per process (widths made); a miss reads one small object. */
const MEMO_LIMIT = 2000;

interface Made {
  width: number;
  height: number;
  widths: number[];
}

export interface Variant {
  key: string;
  mime: string;
  width: number;
  size: number;
}

/** What `find` answers: the copy to send, `'pending'` while the copies are not made, `'none'` when the content has none (no picture). */
export type VariantAnswer = Variant | 'pending' | 'none';

export const variantKey = (storageKey: string, width: number, format: ImageVariantFormat) => `${storageKey}-w${width}-${format}`;
export const variantsListKey = (storageKey: string) => `${storageKey}-variants`;

/** The stored list of a content's copies (widths made, the picture's size), or null before they are made. */
async function readMade(store: ObjectStore, storageKey: string): Promise<Made | null> {
  const key = variantsListKey(storageKey);
  const stat = await store.stat(key);
  if (!stat) return null;
  return JSON.parse((await readStored(store, key, stat.size)).toString('utf8')) as Made;
}

/** Every stored key of a content's variants (for removal): the copies and the list, if it was made. */
export async function variantKeysOf(store: ObjectStore, storageKey: string): Promise<string[]> {
  const made = await readMade(store, storageKey).catch(() => null);
  if (!made) return [];
  return [...made.widths.flatMap((w) => IMAGE_VARIANT_FORMATS.map((f) => variantKey(storageKey, w, f))), variantsListKey(storageKey)];
}

export class ImageVariants {
  private readonly made = new Map<string, Made>();
  private readonly queue: ContentRow[] = [];
  private readonly queued = new Set<string>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly store: ObjectStore,
    private readonly log: (message: string, error: unknown) => void = () => undefined,
  ) {}

  /** Queues a stored content for its copies (a picture only; a no-op when queued or made). */
  schedule(content: ContentRow): void {
    if (!Thumbnails.fits(content) || this.queued.has(content.sha256) || this.made.has(content.sha256)) return;
    this.queued.add(content.sha256);
    this.queue.push(content);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once the queue is empty (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * The copy to send for `width`/`format`; `'pending'` while it is not made yet (then it is queued);
   * `'none'` for a content that is no picture sharp reads (recorded, so it is not decoded again).
   */
  async find(content: ContentRow, width: number, format: ImageVariantFormat): Promise<VariantAnswer> {
    if (!Thumbnails.fits(content)) return 'none';
    const made = await this.list(content);
    if (made && made.widths.length === 0) return 'none';
    const chosen = made ? pickVariantWidth(made.widths, width) : undefined;
    if (!made || chosen === undefined) {
      this.schedule(content);
      return 'pending';
    }
    const key = variantKey(content.storageKey, chosen, format);
    const stat = await this.store.stat(key);
    if (!stat) {
      this.made.delete(content.sha256);
      this.schedule(content);
      return 'pending';
    }
    return { key, mime: MIME[format], width: chosen, size: stat.size };
  }

  private async list(content: ContentRow): Promise<Made | null> {
    const memo = this.made.get(content.sha256);
    if (memo) return memo;
    const made = await readMade(this.store, content.storageKey);
    if (made) this.remember(content.sha256, made);
    return made;
  }

  private remember(sha256: string, made: Made): void {
    if (this.made.size >= MEMO_LIMIT) this.made.delete(this.made.keys().next().value!);
    this.made.set(sha256, made);
  }

  private async drain(): Promise<void> {
    for (let content = this.queue.shift(); content; content = this.queue.shift()) {
      try {
        if (!(await this.list(content))) await this.make(content);
      } catch (error) {
        this.log(`图片的 AVIF/WebP 副本未能生成：${content.storageKey}`, error);
      } finally {
        this.queued.delete(content.sha256);
      }
    }
  }

  private async make(content: ContentRow): Promise<void> {
    const source = await readStored(this.store, content.storageKey, content.size);
    let meta: sharp.Metadata | null;
    try {
      meta = await pictureHeader(source);
    } catch (error) {
      if (!(error instanceof PictureTooLarge)) throw error;
      // Never decoded, recorded as no copies like bytes that are no picture: the original is served.
      this.log(`图片的 AVIF/WebP 副本不生成：${error.message}（${content.storageKey}）`, undefined);
      meta = null;
    }
    const turned = (meta?.orientation ?? 1) >= 5;
    const width = (turned ? meta?.height : meta?.width) ?? 0;
    const height = (turned ? meta?.width : meta?.height) ?? 0;
    // Bytes that only look like a picture: the original is all there is, recorded as no widths.
    const widths = width && height ? variantWidthsFor(width) : [];
    for (const w of widths) {
      for (const format of IMAGE_VARIANT_FORMATS) {
        const resized = sharp(source, DECODE_OPTIONS).rotate().resize({ width: w, withoutEnlargement: true });
        const bytes = await (format === 'avif' ? resized.avif({ quality: VARIANT_QUALITY.avif, effort: AVIF_EFFORT }) : resized.webp({ quality: VARIANT_QUALITY.webp })).toBuffer();
        await this.store.put(variantKey(content.storageKey, w, format), Readable.from([bytes]), bytes.length);
      }
    }
    const made: Made = { width, height, widths };
    const list = Buffer.from(JSON.stringify(made));
    await this.store.put(variantsListKey(content.storageKey), Readable.from([list]), list.length);
    this.remember(content.sha256, made);
  }
}
