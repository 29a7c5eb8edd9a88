import { useState } from 'react';
import { COVER_WIDTHS, imageSources, mediaThumbUrl } from '@dscloud/sdk/files';

export interface ThumbnailProps {
  /** The picture's address (absolute, or a signed media link of the platform). */
  src: string;
  /** The box the picture is shown in (px), reserved before it loads so nothing below it moves. */
  width: number;
  height: number;
  /** How wide it is shown (the `sizes` of its AVIF/WebP sources); the box's width by default. */
  sizes?: string;
  /** Decorative (`""`) by default. */
  alt?: string;
  /** In the first screen: fetched at once and before other pictures, never lazily. */
  priority?: boolean;
  className?: string;
  part?: string;
}

/**
 * A picture in a list, as the portal shows covers: AVIF, else WebP copies at 320/640/960 px
 * (`<picture>` sources, when the platform has copies: stored pictures and the demo ones), else the
 * platform's thumbnail of a stored picture (`/thumb` of its signed media link, at most 480 px), else the
 * picture itself; decorative unless given an `alt`, loaded when near the view unless it is a `priority`
 * one (the first screen's). The elements and the portal both show pictures with it. The `<picture>` is `display:
 * contents` (class `ds-picture` in each component's sheet), so the `<img>` lays out as it would alone.
 * When what was chosen cannot be had, the picture itself is shown without the sources (a changed
 * `src` of an `<img>` in a `<picture>` would choose the same failing source again).
 */
export function Thumbnail({ src, width, height, sizes = `${width}px`, alt = '', priority = false, className, part }: ThumbnailProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const original = failed === src;
  const img = (
    <img
      className={className}
      part={part}
      src={original ? src : mediaThumbUrl(src)}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => {
        if (!original) setFailed(src);
      }}
    />
  );
  const sources = original ? [] : imageSources(src, COVER_WIDTHS);
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
