/**
 * Checks the first bytes of a file against its extension (magic numbers), so that a program or a web
 * page renamed to `.jpg` is refused. Extensions without a reliable signature (txt, wps, mpg variants
 * without a pack header…) only get the "not an executable" check.
 */

type Rule = (head: Buffer) => boolean;

const at = (head: Buffer, offset: number, bytes: number[] | string): boolean => {
  const want = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= offset + want.length && head.subarray(offset, offset + want.length).equals(want);
};

const zip: Rule = (h) => at(h, 0, [0x50, 0x4b, 0x03, 0x04]) || at(h, 0, [0x50, 0x4b, 0x05, 0x06]);
const ole: Rule = (h) => at(h, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const isoBmff: Rule = (h) => ['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip'].some((box) => at(h, 4, box));
const riff = (kind: string): Rule => (h) => at(h, 0, 'RIFF') && at(h, 8, kind);
const asf: Rule = (h) => at(h, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]);
const ebml: Rule = (h) => at(h, 0, [0x1a, 0x45, 0xdf, 0xa3]);
const mpegPs: Rule = (h) => at(h, 0, [0x00, 0x00, 0x01, 0xba]) || at(h, 0, [0x00, 0x00, 0x01, 0xb3]) || h[0] === 0x47;
const mp3: Rule = (h) => at(h, 0, 'ID3') || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0);
const aac: Rule = (h) => at(h, 0, 'ADIF') || (h[0] === 0xff && ((h[1] ?? 0) & 0xf6) === 0xf0) || at(h, 0, 'ID3');
// PDF readers accept the header anywhere in the first KB.
const pdf: Rule = (h) => h.subarray(0, 1024).includes(Buffer.from('%PDF-', 'latin1'));

const RULES: Record<string, Rule> = {
  jpg: (h) => at(h, 0, [0xff, 0xd8, 0xff]),
  jpeg: (h) => at(h, 0, [0xff, 0xd8, 0xff]),
  png: (h) => at(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (h) => at(h, 0, 'GIF87a') || at(h, 0, 'GIF89a'),
  bmp: (h) => at(h, 0, 'BM'),
  webp: riff('WEBP'),
  mp4: isoBmff,
  m4v: isoBmff,
  m4a: isoBmff,
  mov: isoBmff,
  avi: riff('AVI '),
  wav: riff('WAVE'),
  wmv: asf,
  wma: asf,
  flv: (h) => at(h, 0, 'FLV'),
  mkv: ebml,
  webm: ebml,
  mpg: mpegPs,
  mpeg: mpegPs,
  mp3,
  aac,
  ogg: (h) => at(h, 0, 'OggS'),
  flac: (h) => at(h, 0, 'fLaC'),
  swf: (h) => at(h, 0, 'FWS') || at(h, 0, 'CWS') || at(h, 0, 'ZWS'),
  pdf,
  rtf: (h) => at(h, 0, '{\\rtf'),
  doc: ole,
  xls: ole,
  ppt: ole,
  pps: ole,
  docx: zip,
  xlsx: zip,
  pptx: zip,
  ppsx: zip,
  zip,
  sb3: zip,
  sb2: zip,
  rar: (h) => at(h, 0, 'Rar!\x1a\x07'),
  '7z': (h) => at(h, 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
};

export const HEAD_SNIFF_BYTES = 4096;

const executable: Rule = (h) => at(h, 0, 'MZ') || at(h, 0, [0x7f, 0x45, 0x4c, 0x46]) || at(h, 0, [0xcf, 0xfa, 0xed, 0xfe]) || at(h, 0, '#!');

/** True when the first bytes fit the extension (or the extension has no known signature and the bytes are no program). */
export function contentMatchesExtension(extension: string, head: Buffer): boolean {
  const rule = RULES[extension];
  if (rule) return rule(head);
  return !executable(head);
}

const MIME: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', bmp: 'image/bmp', webp: 'image/webp',
  mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', avi: 'video/x-msvideo', wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv', mkv: 'video/x-matroska', webm: 'video/webm', mpg: 'video/mpeg', mpeg: 'video/mpeg',
  mp3: 'audio/mpeg', wav: 'audio/wav', aac: 'audio/aac', m4a: 'audio/mp4', ogg: 'audio/ogg', wma: 'audio/x-ms-wma', flac: 'audio/flac',
  swf: 'application/x-shockwave-flash', pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', rtf: 'application/rtf',
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
const INLINE = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'mp4', 'm4v', 'mov', 'webm', 'mp3', 'wav', 'aac', 'm4a', 'ogg', 'flac', 'pdf', 'txt']);

export function dispositionTypeOf(extension: string): 'inline' | 'attachment' {
  if (ACTIVE.has(extension)) return 'attachment';
  return INLINE.has(extension) ? 'inline' : 'attachment';
}
