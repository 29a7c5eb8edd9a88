import { mediaThumbUrl } from '@dscloud/sdk/files';

export interface ThumbnailProps {
  /** The picture's address (absolute, or a signed media link of the platform). */
  src: string;
  /** The box the picture is shown in (px), reserved before it loads so nothing below it moves. */
  width: number;
  height: number;
  className?: string;
  part?: string;
}

/**
 * A picture in a list: the platform's thumbnail of a stored picture (`/thumb` of its signed media
 * link, at most 480 px), else the picture itself; decorative (`alt=""`), loaded when near the view.
 */
export function Thumbnail({ src, width, height, className, part }: ThumbnailProps) {
  return (
    <img
      className={className}
      part={part}
      src={mediaThumbUrl(src)}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={(event) => {
        if (event.currentTarget.src !== src) event.currentTarget.src = src;
      }}
    />
  );
}
