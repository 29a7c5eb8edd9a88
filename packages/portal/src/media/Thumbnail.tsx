import { Thumbnail as PlatformThumbnail, type ThumbnailProps } from '@dscloud/elements';

/** How wide a cover is shown: a quarter of the 1200 px layout, a third or half of a narrower window. */
export const COVER_SIZES = '(max-width: 767.98px) 50vw, (max-width: 1079.98px) 33vw, 288px';

/**
 * The platform's picture in a list (the elements' Thumbnail: AVIF/WebP copies, the server's thumbnail,
 * the picture itself when those cannot be had), shown by default at a lesson card's cover width.
 */
export function Thumbnail({ sizes = COVER_SIZES, ...props }: Omit<ThumbnailProps, 'part'>) {
  return <PlatformThumbnail sizes={sizes} {...props} />;
}
