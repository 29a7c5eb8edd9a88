/**
 * What the request log may show. Fastify logs each request's URL; some URLs carry secrets in their
 * query (`refreshToken?oldToken=…`, a signed media link's `s=`), which a log reader could replay. The
 * `req` serializer logs the URL with those values replaced; headers and bodies are not logged at all.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a credential, a password or a signature (case-insensitive). */
const SECRET_PARAMS = new Set(['oldtoken', 'token', 'accesstoken', 'access_token', 'refreshtoken', 'password', 'ticket', 's', 'sig', 'signature', 'x-amz-signature']);

export const REDACTED = '[redacted]';

/**
 * Paths whose next segment is a credential: a share link's token opens the shared document to anyone
 * who has it. Matched case-insensitively, on the path as sent (before any decoding).
 */
const SECRET_SEGMENTS = [/^(\/business\/v1\/whiteboardShare\/)([^/?#]+)/i];

/** The path with every secret segment replaced by `[redacted]`. */
function redactPath(path: string): string {
  for (const pattern of SECRET_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  return path;
}

/** `url` with secret path segments and the value of every secret query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent.
      }
      return eq >= 0 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactPath(url.slice(0, q))}?${query}`;
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
