/**
 * Checks the first bytes of a file against its extension, so that a program or a web page renamed to
 * `.jpg` is refused. The signatures are file-type's (it reads the container, not only the magic number:
 * a PNG's chunks, an ISO-BMFF brand, an EBML doc type, a zip's entries). Extensions without a reliable
 * signature (txt, wps…) only get the "not a program" check.
 */
import { fileTypeFromBuffer } from 'file-type';

export const HEAD_SNIFF_BYTES = 4096;

/** What file-type may answer for a zip container (a head of 4 KB often shows no part that names the Office type yet). */
const ZIP = ['zip', 'docx', 'docm', 'dotx', 'dotm', 'xlsx', 'xlsm', 'xltx', 'xltm', 'pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm', 'vsdx', 'epub', 'odt', 'ott', 'ods', 'ots', 'odp', 'otp', 'odg', 'otg', 'jar', 'apk', 'xpi', '3mf'];
const ISO_BMFF = ['mp4', 'm4v', 'm4a', 'm4b', 'm4p', 'mov', '3gp', '3g2', 'f4v', 'f4p', 'f4a', 'f4b'];
const OGG = ['ogg', 'oga', 'ogv', 'ogm', 'opus', 'spx', 'ogx'];
const MATROSKA = ['mkv', 'webm'];
const MPEG = ['mpg', 'mts'];
/** MPEG transport streams: 188-byte packets (`.ts`, `.mts` of cameras) or 192-byte ones (`.m2ts` of Blu-ray and AVCHD). */
const TRANSPORT = ['mts'];

/** Our extension → the file-type answers that fit it. */
const FITS: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png', 'apng'],
  gif: ['gif'],
  bmp: ['bmp'],
  webp: ['webp'],
  mp4: ISO_BMFF,
  m4v: ISO_BMFF,
  m4a: ISO_BMFF,
  mov: ISO_BMFF,
  avi: ['avi'],
  wav: ['wav'],
  wmv: ['asf'],
  wma: ['asf'],
  flv: ['flv'],
  mkv: MATROSKA,
  webm: MATROSKA,
  mpg: MPEG,
  mpeg: MPEG,
  '3gp': ISO_BMFF,
  ts: TRANSPORT,
  mts: TRANSPORT,
  m2ts: TRANSPORT,
  mp3: ['mp3', 'mp2', 'mp1'],
  aac: ['aac'],
  ogg: OGG,
  flac: ['flac'],
  swf: ['swf'],
  pdf: ['pdf', 'ai'],
  rtf: ['rtf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  pps: ['cfb'],
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  ppsx: ZIP,
  zip: ZIP,
  sb3: ZIP,
  sb2: ZIP,
  rar: ['rar'],
  '7z': ['7z'],
};

const startsWith = (head: Buffer, text: string) => head.subarray(0, text.length).equals(Buffer.from(text, 'latin1'));

/**
 * The few heads the product accepts that file-type does not name: PDF readers take the `%PDF-` header
 * anywhere in the first KB (file-type wants it at 0); an AAC file may start with an ID3 tag longer than
 * the head or be ADIF (file-type knows ADTS only); compressed Flash may be LZMA (`ZWS`).
 */
const ALSO: Record<string, (head: Buffer) => boolean> = {
  pdf: (h) => h.subarray(0, 1024).includes(Buffer.from('%PDF-', 'latin1')),
  aac: (h) => startsWith(h, 'ID3') || startsWith(h, 'ADIF'),
  swf: (h) => startsWith(h, 'ZWS'),
};

/** Programs file-type names; a `#!` script is text, which file-type does not sniff, so it is checked here. */
const PROGRAMS = new Set(['exe', 'elf', 'macho']);
const isProgram = (head: Buffer, detected: string | undefined) => (detected !== undefined && PROGRAMS.has(detected)) || startsWith(head, '#!');

/** True when the first bytes fit the extension (or the extension has no known signature and the bytes are no program). */
export async function contentMatchesExtension(extension: string, head: Buffer): Promise<boolean> {
  const detected = (await fileTypeFromBuffer(head))?.ext;
  const fits = FITS[extension];
  if (!fits) return !isProgram(head, detected);
  return (detected !== undefined && fits.includes(detected)) || (ALSO[extension]?.(head) ?? false);
}

const MIME: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', bmp: 'image/bmp', webp: 'image/webp',
  mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', avi: 'video/x-msvideo', wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv', mkv: 'video/x-matroska', webm: 'video/webm', mpg: 'video/mpeg', mpeg: 'video/mpeg',
  '3gp': 'video/3gpp', ts: 'video/mp2t', mts: 'video/mp2t', m2ts: 'video/mp2t',
  mp3: 'audio/mpeg', wav: 'audio/wav', aac: 'audio/aac', m4a: 'audio/mp4', ogg: 'audio/ogg', wma: 'audio/x-ms-wma', flac: 'audio/flac',
  swf: 'application/x-shockwave-flash', pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', json: 'application/json; charset=utf-8', rtf: 'application/rtf',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pps: 'application/vnd.ms-powerpoint', ppsx: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  zip: 'application/zip', rar: 'application/vnd.rar', '7z': 'application/x-7z-compressed',
  html: 'text/html; charset=utf-8', htm: 'text/html; charset=utf-8', svg: 'image/svg+xml', xml: 'application/xml', js: 'text/javascript',
};

export function mimeOf(extension: string): string {
  return MIME[extension] ?? 'application/octet-stream';
}

/** Types a browser would render or run: always served as an attachment. */
const ACTIVE = new Set(['html', 'htm', 'xhtml', 'svg', 'xml', 'js', 'mjs', 'swf']);
/** Types shown in the page (players, image viewers); everything else is a download. */
const INLINE = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'avif', 'mp4', 'm4v', 'mov', 'webm', 'mp3', 'wav', 'aac', 'm4a', 'ogg', 'flac', 'pdf', 'txt']);

export function dispositionTypeOf(extension: string): 'inline' | 'attachment' {
  if (ACTIVE.has(extension)) return 'attachment';
  return INLINE.has(extension) ? 'inline' : 'attachment';
}
