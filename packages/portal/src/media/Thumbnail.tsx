import { mediaThumbUrl } from '@dscloud/sdk/files';

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
}

/**
 * A picture in a list: the server's thumbnail of a stored picture (at most 480 px, `/thumb` of its
 * signed media link), or the picture itself when it has none; the box is reserved by `width`/`height`
 * (the page's CSS may scale it, keeping that ratio).
 */
export function Thumbnail({ src, width, height, alt = '', className, priority = false }: ThumbnailProps) {
  const thumb = mediaThumbUrl(src);
  return (
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
}
