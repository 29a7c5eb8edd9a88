/**
 * Workbooks built byte by byte for the import's limits: a minimal valid .xlsx (the parts exceljs needs,
 * written by hand, so the test controls every byte of the zip), and the same workbook as a zip bomb —
 * one part that inflates to hundreds of MB from a few hundred KB, with honest or lying zip headers.
 * The bomb is never held inflated here: one compressed block of a repeated piece is repeated.
 */
import { crc32, constants, deflateRawSync } from 'node:zlib';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** One zip entry: the bytes as stored (deflated or not), their inflated size and CRC-32. */
export interface ZipEntry {
  name: string;
  stored: Buffer;
  deflated: boolean;
  size: number;
  crc: number;
  /** The inflated size written in the headers instead of `size` (a lying header). */
  claimedSize?: number;
}

export const plainEntry = (name: string, text: string | Buffer): ZipEntry => {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  return { name, stored: deflateRawSync(raw), deflated: true, size: raw.length, crc: crc32(raw) };
};

/**
 * An entry whose text is `head`, then `piece` `times` times, then `tail`: each copy of the piece is the
 * same fully flushed deflate block (it refers to nothing before it), so the compressed entry is about
 * `times` × the piece's compressed size and is built without ever holding the inflated text.
 */
export function repeatedEntry(name: string, head: string, piece: string, times: number, tail: string): ZipEntry {
  const full = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const pieceRaw = Buffer.from(piece, 'utf8');
  const pieceBlock = deflateRawSync(pieceRaw, full);
  const headRaw = Buffer.from(head, 'utf8');
  const tailRaw = Buffer.from(tail, 'utf8');
  let crc = crc32(headRaw);
  for (let i = 0; i < times; i++) crc = crc32(pieceRaw, crc);
  crc = crc32(tailRaw, crc);
  const stored = Buffer.concat([deflateRawSync(headRaw, full), ...Array.from({ length: times }, () => pieceBlock), deflateRawSync(tailRaw)]);
  return { name, stored, deflated: true, size: headRaw.length + pieceRaw.length * times + tailRaw.length, crc };
}

/** The zip archive of these entries (local headers, data, central directory, end record). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const size = e.claimedSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.deflated ? 8 : 0, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.deflated ? 8 : 0, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.stored);
    centrals.push(central, name);
    offset += local.length + name.length + e.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) => String.fromCharCode(65 + i);

/** The import's header row (the template's column titles). */
export const HEADER = ['姓名', '性别', '职称', '学校', '学段', '学科', '荣誉', '简介', '平台账号'];

/** The workbook's fixed parts: content types, relationships, the workbook with one sheet. */
function frame(): ZipEntry[] {
  return [
    plainEntry(
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    plainEntry('_rels/.rels', `${XML_HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    plainEntry('xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC}"><sheets><sheet name="教师" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    plainEntry(
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
  ];
}

/**
 * A valid workbook: the header row (shared strings) and `rows` from row 4 on (inline strings), so
 * `xl/sharedStrings.xml` holds the header and `xl/worksheets/sheet1.xml` the teachers.
 */
export function workbookParts(rows: string[][]): { frame: ZipEntry[]; sheetHead: string; sheetRows: string; sheetTail: string; sstHead: string; sstStrings: string; sstTail: string } {
  const header = HEADER.map((_, i) => `<c r="${column(i)}1" t="s"><v>${i}</v></c>`).join('');
  const body = rows
    .map((r, n) => `<row r="${n + 4}">${r.map((text, i) => (text ? `<c r="${column(i)}${n + 4}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>` : '')).join('')}</row>`)
    .join('');
  return {
    frame: frame(),
    sheetHead: `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData><row r="1">${header}</row>`,
    sheetRows: body,
    sheetTail: '</sheetData></worksheet>',
    sstHead: `${XML_HEAD}<sst xmlns="${MAIN}">`,
    sstStrings: HEADER.map((t) => `<si><t>${t}</t></si>`).join(''),
    sstTail: '</sst>',
  };
}

export function workbook(rows: string[][]): Buffer {
  const p = workbookParts(rows);
  return zipOf([...p.frame, plainEntry('xl/sharedStrings.xml', p.sstHead + p.sstStrings + p.sstTail), plainEntry('xl/worksheets/sheet1.xml', p.sheetHead + p.sheetRows + p.sheetTail)]);
}

export interface BombOptions {
  /** Which part inflates: the shared strings (many strings of 330 characters) or the sheet (one cell of repeated characters). */
  part: 'sharedStrings' | 'sheet';
  /** Inflated size of the bomb's repeated text, in MiB. */
  mib: number;
  /** Headers that claim this inflated size (bytes) instead of the real one. */
  claimedSize?: number;
}

/** The valid workbook of `rows` with one part blown up to `mib` MiB; the zip itself is a few hundred KB. */
export function bombWorkbook(rows: string[][], o: BombOptions): Buffer {
  const p = workbookParts(rows);
  const MiB = 1024 * 1024;
  let sst: ZipEntry;
  let sheet: ZipEntry;
  if (o.part === 'sharedStrings') {
    // 1 MiB pieces of 330-character strings: no single text is long, the part as a whole is huge.
    const one = `<si><t>${'教'.repeat(330)}</t></si>`;
    const piece = one.repeat(Math.floor(MiB / Buffer.byteLength(one)));
    sst = repeatedEntry('xl/sharedStrings.xml', p.sstHead + p.sstStrings, piece, o.mib, p.sstTail);
    sheet = plainEntry('xl/worksheets/sheet1.xml', p.sheetHead + p.sheetRows + p.sheetTail);
  } else {
    sst = plainEntry('xl/sharedStrings.xml', p.sstHead + p.sstStrings + p.sstTail);
    sheet = repeatedEntry('xl/worksheets/sheet1.xml', `${p.sheetHead}${p.sheetRows}<row r="900"><c r="H900" t="inlineStr"><is><t>`, 'A'.repeat(MiB), o.mib, `</t></is></c></row>${p.sheetTail}`);
  }
  const bomb = o.part === 'sharedStrings' ? sst : sheet;
  if (o.claimedSize !== undefined) bomb.claimedSize = o.claimedSize;
  return zipOf([...p.frame, sst, sheet]);
}
