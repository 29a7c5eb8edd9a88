/**
 * How large a stored picture the server decodes (thumbnails.ts, imageVariants.ts). A picture's bytes
 * say nothing of its decoded size: a PNG of 16 000 × 16 000 pixels of one colour is a few KB and
 * decodes to 1 GB, and sharp's own limit (268 M pixels) lets it through. So the size is read from
 * the header alone first (nothing decoded), and sharp is told the limit again for the decoding.
 *
 * 50 M pixels: a 50-megapixel phone photo (8 160 × 6 120) still gets its thumbnail and copies; decoding
 * one costs at most ≈200 MB (RGBA), a fifth of what sharp's default would allow. A larger picture is
 * still stored and served as it is, only never decoded.
 */
import sharp from 'sharp';

export const MAX_PICTURE_PIXELS = 50_000_000;

/** sharp's options for decoding a stored picture: broken bytes are an error, and no more pixels than the limit. */
export const DECODE_OPTIONS: sharp.SharpOptions = { failOn: 'error', limitInputPixels: MAX_PICTURE_PIXELS };

/** A picture with more pixels than the server decodes. */
export class PictureTooLarge extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`图片有 ${width}×${height} 像素，超过 ${MAX_PICTURE_PIXELS / 10_000} 万像素`);
    this.name = 'PictureTooLarge';
  }
}

/**
 * The picture's header (size, orientation, transparency), read without decoding it; null when the
 * bytes are no picture sharp reads. Throws PictureTooLarge for more pixels than the limit (one page
 * of an animation counts: only the first is decoded).
 */
export async function pictureHeader(source: Buffer): Promise<sharp.Metadata | null> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(source, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > MAX_PICTURE_PIXELS) throw new PictureTooLarge(width, height);
  return meta;
}
