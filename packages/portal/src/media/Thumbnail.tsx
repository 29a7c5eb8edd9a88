import { COVER_WIDTHS, imageSources, mediaThumbUrl } from '@dscloud/sdk/files';

/** How wide a cover is shown: a quarter of the 1200 px layout, a third or half of a narrower window. */
export const COVER_SIZES = '(max-width: 767.98px) 50vw, (max-width: 1079.98px) 33vw, 288px';

export interface ThumbnailProps {
  /** The picture's address as the page loads it (absolute, or a signed media link). */
  src: string;
  /** The box the picture is shown in (px): reserved before it loads, so nothing below it moves. */
  width: number;
  height: number;
  alt?: string;
  className?: string;
  /** In the first screen: fetched at once and before other pictures, never lazily. */
  priority?: boolean;
  /** The `sizes` of its AVIF/WebP sources: how wide it is shown (a lesson card's cover by default). */
  sizes?: string;
}

/**
 * A picture in a list: AVIF, else WebP copies of it at 320/640/960 px (`<picture>` sources, when the
 * server has copies: stored pictures and the demo ones), else the server's thumbnail of a stored picture
 * (at most 480 px, `/thumb` of its signed media link), else the picture itself. The box is reserved by
 * `width`/`height` (the page's CSS may scale it, keeping that ratio).
 */
export function Thumbnail({ src, width, height, alt = '', className, priority = false, sizes = COVER_SIZES }: ThumbnailProps) {
  const thumb = mediaThumbUrl(src);
  const img = (
    <img
      className={className}
      src={thumb}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={(event) => {
        if (event.currentTarget.src !== src) event.currentTarget.src = src;
      }}
    />
  );
  const sources = imageSources(src, COVER_WIDTHS);
  if (!sources.length) return img;
  return (
    <picture className="ds-picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
