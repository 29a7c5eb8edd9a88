/**
 * Smaller copies of a picture in AVIF and WebP, for `<picture>` sources with `srcset`/`sizes`
 * (docs/architecture.md "Picture variants"). The server makes them beside the original: at upload time
 * for stored files, at seed-build time for the demo pictures (scripts/make-image-variants.mjs). The
 * address of a variant follows from the picture's own address, so no answer of the API changes:
 *
 * - a signed media link `/file/v1/file/media/42?e=…&s=…` → `/file/v1/file/media/42/w640.avif?e=…&s=…`
 * - a demo picture `/static/seed/banners/banner-01-live.jpg` → `/static/seed/banners/banner-01-live.w640.avif`
 *
 * A width the picture does not reach is answered with its widest copy (pictures are never enlarged).
 */

/** Every width the server makes (those narrower than the picture, and the picture's own width). */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 768, 960, 1280, 1920] as const;
/** The widths a cover in a list offers (cards are 240–480 CSS px wide). */
export const COVER_WIDTHS = [320, 640, 960] as const;
/** The widths a full-width banner (1920 × 430 at most) offers. */
export const BANNER_WIDTHS = [768, 1280, 1920] as const;
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

const MEDIA_LINK = /^((?:[a-z][a-z0-9+.-]*:\/\/[^/]+)?\/file\/v1\/file\/media\/\d+)(\?.*)$/i;
const SEED_PICTURE = /^((?:[a-z][a-z0-9+.-]*:\/\/[^/]+)?\/static\/seed\/[a-z-]+\/[A-Za-z0-9][A-Za-z0-9_-]*)\.(?:jpg|png)$/i;

/** The address of one variant of a picture, or null when the address is not one the server makes variants for. */
export function imageVariantUrl(url: string, width: number, format: ImageVariantFormat): string | null {
  const media = MEDIA_LINK.exec(url);
  if (media) return `${media[1]}/w${width}.${format}${media[2]}`;
  const seed = SEED_PICTURE.exec(url);
  return seed ? `${seed[1]}.w${width}.${format}` : null;
}

export interface ImageSource {
  type: `image/${ImageVariantFormat}`;
  srcSet: string;
}

/** The `<source>`s of a picture, best format first; empty when the server has no variants for it. */
export function imageSources(url: string, widths: readonly number[]): ImageSource[] {
  if (!imageVariantUrl(url, widths[0] ?? 320, 'avif')) return [];
  return IMAGE_VARIANT_FORMATS.map((format) => ({
    type: `image/${format}` as const,
    srcSet: widths.map((w) => `${imageVariantUrl(url, w, format)} ${w}w`).join(', '),
  }));
}

/** The widths the server makes for a picture `width` px wide: the ladder's narrower ones and its own. */
export function variantWidthsFor(width: number): number[] {
  const below = IMAGE_VARIANT_WIDTHS.filter((w) => w < width);
  const top = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]!;
  return width > top ? [...IMAGE_VARIANT_WIDTHS] : [...below, width];
}

/** Which made width answers a request for `wanted`: the widest not above it, else the narrowest. */
export function pickVariantWidth(made: readonly number[], wanted: number): number | undefined {
  const sorted = [...made].sort((a, b) => a - b);
  return sorted.filter((w) => w <= wanted).pop() ?? sorted[0];
}
