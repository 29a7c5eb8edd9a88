import type { AxiosResponse } from 'axios';
import type { Locale } from '../errors/catalogue.js';
import { isEnvelope, unwrapEnvelope } from './envelope.js';

export interface BlobResult {
  blob: Blob;
  /** From Content-Disposition (RFC 6266, `filename*` preferred), for the save dialog. */
  fileName: string | null;
  contentType: string;
}

/** A download that failed comes back as a JSON envelope inside the blob; read it so the caller gets the code. */
export async function readBlobAnswer(path: string, response: AxiosResponse, locale: Locale): Promise<BlobResult> {
  const contentType = String(response.headers['content-type'] ?? '');
  const data: unknown = response.data;
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type: contentType });
  if (contentType.includes('json') || response.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await blob.text());
    } catch {
      parsed = undefined;
    }
    if (isEnvelope(parsed) || response.status >= 400) unwrapEnvelope(path, response.status, parsed, locale);
  }
  return { blob, fileName: fileNameFrom(String(response.headers['content-disposition'] ?? '')), contentType };
}

/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (RFC 8187: `UTF-8'lang'%E4…`
 * or ISO-8859-1) wins over the plain `filename`, which may be a token or a quoted string with `\"`
 * escapes and `;` inside. Parameter names are case-insensitive. Only the last path segment is kept and
 * control characters are dropped, so a hostile header cannot suggest a folder. Null when there is none.
 */
export function fileNameFrom(disposition: string): string | null {
  const params = dispositionParams(disposition);
  const extended = params.get('filename*');
  const decoded = extended === undefined ? null : decodeExtValue(extended);
  if (decoded) {
    const name = safeName(decoded);
    if (name) return name;
  }
  const plain = params.get('filename');
  return plain === undefined ? null : safeName(plain);
}

const PARAM = /;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;

/** The header's parameters by lower-case name (the first of a repeated one), quoted strings unescaped. */
function dispositionParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const m of header.matchAll(PARAM)) {
    const name = m[1]!.toLowerCase();
    if (params.has(name)) continue;
    params.set(name, m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!.trim());
  }
  return params;
}

/** `charset'language'value` with percent-encoded bytes; UTF-8 and ISO-8859-1 are the charsets RFC 8187 names. */
function decodeExtValue(value: string): string | null {
  const m = /^([A-Za-z0-9!#$%&+^_`{}~-]+)'[^']*'(.*)$/.exec(value.trim());
  if (!m) return null;
  const charset = m[1]!.toLowerCase();
  const encoded = m[2]!;
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') return encoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    // a malformed escape: fall back to the plain name
  }
  return null;
}

function safeName(name: string): string | null {
  // Control characters are exactly what this removes.
  // eslint-disable-next-line no-control-regex
  const last = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()!.trim();
  return last === '' || last === '.' || last === '..' ? null : last;
}
