/** The server's signed media path (files/mediaLinks.ts on the server). */
const MEDIA_LINK = /^((?:[a-z][a-z0-9+.-]*:\/\/[^/]+)?\/file\/v1\/file\/media\/\d+)(\?.*)$/i;

/**
 * The thumbnail of a picture shown by a signed media link: the same link with `/thumb` after the id
 * (the signature covers the file, so whoever may see the picture may see its thumbnail). Any other
 * address is answered unchanged: a list then shows the picture itself.
 */
export function mediaThumbUrl(url: string): string {
  const match = MEDIA_LINK.exec(url);
  return match ? `${match[1]}/thumb${match[2]}` : url;
}
