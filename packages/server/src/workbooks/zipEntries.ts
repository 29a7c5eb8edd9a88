/**
 * The entries of an uploaded zip (an .xlsx) read without trusting what its headers say, before the
 * workbook library (exceljs, through JSZip) unpacks it: JSZip inflates every entry whole and checks
 * the size only afterwards, so a 0.5 MB file that inflates to 500 MB reached memory before any limit.
 *
 * Here the archive's structure must be the plain one an office program writes — one end record at the
 * very end, the directory right before it, local headers agreeing with it, no entry overlapping another,
 * no encryption, no ZIP64, only stored or deflated data — so JSZip sees exactly the entries measured
 * here. Sizes the directory records beyond the caps refuse the file at once; they never let one
 * through: every entry is then inflated as a stream (zlib on the thread pool; the event loop only
 * sees the chunks), its bytes counted as they come and handed to the caller's sink (which may refuse
 * them), and inflating stops as soon as the entry passes its recorded size, the per-entry cap or,
 * with the entries before it, the total cap. Size and CRC-32 must match what the directory records.
 */
import { crc32, createInflateRaw } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  /** Inflated bytes of one entry. */
  maxEntryBytes: number;
  /** Inflated bytes of all entries together. */
  maxTotalBytes: number;
}

/**
 * Why a workbook is refused: `invalid` when it is no well-formed file, `limit` when it is too much,
 * `unavailable` when it could not be read now (the server is busy, or reading took too long).
 */
export class WorkbookRefusal extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'limit' | 'unavailable',
  ) {
    super(message);
    this.name = 'WorkbookRefusal';
  }
}

const invalid = (reason: string): never => {
  throw new WorkbookRefusal(reason, 'invalid');
};

/** Receives an entry's inflated bytes chunk by chunk; throws to refuse them. */
export type EntrySink = (chunk: Buffer) => void;

interface Entry {
  name: string;
  method: number;
  crc: number;
  size: number;
  offset: number;
  dataStart: number;
  dataEnd: number;
}

const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64 = 0xffffffff;

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
/** A name as shown in a message: no control characters, at most 80 characters. */
export const shownName = (name: string) => {
  const clean = name.replace(/[\p{Cc}\p{Cf}]/gu, '?');
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean;
};

function sizeRefusal(limits: ZipLimits, name: string | null): WorkbookRefusal {
  const caps = `每个部件最多 ${mb(limits.maxEntryBytes)} MB，全部最多 ${mb(limits.maxTotalBytes)} MB`;
  const what = name === null ? `全部部件合计超过 ${mb(limits.maxTotalBytes)} MB` : `其中 ${shownName(name)} 超过 ${mb(limits.maxEntryBytes)} MB`;
  return new WorkbookRefusal(`解压后过大：${what}（${caps}），请使用下载的模板填写`, 'limit');
}

/** The end record: where the directory is and how many entries it lists. */
function endRecord(data: Buffer): { at: number; count: number; dirOffset: number } {
  if (data.length < 22) invalid('文件过短，不是压缩包');
  // The last signature, as JSZip takes it; it must end the file exactly (with its comment).
  let at = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === END) {
      at = i;
      break;
    }
  }
  if (at < 0) invalid('找不到压缩包的目录');
  if (at + 22 + data.readUInt16LE(at + 20) !== data.length) invalid('压缩包的结尾不完整或有多余的数据');
  const [disk, dirDisk, onDisk, count] = [4, 6, 8, 10].map((o) => data.readUInt16LE(at + o)) as [number, number, number, number];
  const dirSize = data.readUInt32LE(at + 12);
  const dirOffset = data.readUInt32LE(at + 16);
  if (count === 0xffff || dirSize === ZIP64 || dirOffset === ZIP64) invalid('不支持 ZIP64 压缩包');
  if (disk !== 0 || dirDisk !== 0 || onDisk !== count) invalid('不支持分卷压缩包');
  if (dirOffset + dirSize !== at) invalid('压缩包的目录位置不对');
  return { at, count, dirOffset };
}

/** The directory's entries, each checked against its local header; refuses what JSZip could read differently. */
function directory(data: Buffer, limits: ZipLimits): Entry[] {
  const { at, count, dirOffset } = endRecord(data);
  if (count > limits.maxEntries) throw new WorkbookRefusal(`含有 ${count} 个部件，一个文件最多 ${limits.maxEntries} 个，请使用下载的模板填写`, 'limit');
  const entries: Entry[] = [];
  const seen = new Set<string>();
  let claimed = 0;
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > at || data.readUInt32LE(p) !== CENTRAL) invalid('压缩包的目录已损坏');
    const flags = data.readUInt16LE(p + 8);
    const method = data.readUInt16LE(p + 10);
    const crc = data.readUInt32LE(p + 16);
    const packed = data.readUInt32LE(p + 20);
    const size = data.readUInt32LE(p + 24);
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const next = p + 46 + nameLength + extraLength + data.readUInt16LE(p + 32);
    const offset = data.readUInt32LE(p + 42);
    if (next > at) invalid('压缩包的目录已损坏');
    const rawName = data.subarray(p + 46, p + 46 + nameLength);
    const name = rawName.toString(flags & 0x800 ? 'utf8' : 'latin1');
    const shown = shownName(name);
    if (packed === ZIP64 || size === ZIP64 || offset === ZIP64) invalid('不支持 ZIP64 压缩包');
    if (data.readUInt16LE(p + 34) !== 0) invalid('不支持分卷压缩包');
    if (flags & 0x41) invalid(`部件 ${shown} 已加密`);
    if (method !== 0 && method !== 8) invalid(`部件 ${shown} 的压缩方式（${method}）不受支持`);
    if (method === 0 && packed !== size) invalid(`部件 ${shown} 记录的大小前后不一致`);
    // JSZip names an entry by its Unicode-path extra field when there is one: a second name is refused.
    for (let x = p + 46 + nameLength; x + 4 <= p + 46 + nameLength + extraLength; x += 4 + data.readUInt16LE(x + 2)) {
      if (data.readUInt16LE(x) === 0x7075) invalid(`部件 ${shown} 另有一个名字`);
    }
    if (seen.has(name)) invalid(`部件 ${shown} 出现了不止一次`);
    seen.add(name);
    // What the headers claim can refuse a file at once; it never lets one through.
    if (size > limits.maxEntryBytes) throw sizeRefusal(limits, name);
    claimed += size;
    if (offset + 30 > dirOffset || data.readUInt32LE(offset) !== LOCAL) invalid(`部件 ${shown} 的位置不对`);
    const localName = offset + 30;
    const dataStart = localName + data.readUInt16LE(offset + 26) + data.readUInt16LE(offset + 28);
    if (data.readUInt16LE(offset + 8) !== method || !data.subarray(localName, localName + nameLength).equals(rawName) || data.readUInt16LE(offset + 26) !== nameLength) {
      invalid(`部件 ${shown} 的本地头与目录不一致`);
    }
    if (dataStart + packed > dirOffset) invalid(`部件 ${shown} 超出了文件的范围`);
    entries.push({ name, method, crc, size, offset, dataStart, dataEnd: dataStart + packed });
    p = next;
  }
  if (p !== at) invalid('压缩包的目录已损坏');
  if (claimed > limits.maxTotalBytes) throw sizeRefusal(limits, null);
  // Entries sharing bytes are how a small zip inflates many times over: each must stand alone.
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  for (let k = 1; k < byOffset.length; k++) {
    if (byOffset[k]!.offset < byOffset[k - 1]!.dataEnd) invalid(`部件 ${shownName(byOffset[k]!.name)} 与 ${shownName(byOffset[k - 1]!.name)} 的数据重叠`);
  }
  return entries;
}

interface Measured {
  size: number;
  crc: number;
  /** Inflating stopped because the entry passed `room` bytes. */
  over: boolean;
}

/** Inflates one deflated entry as a stream, stopping once it passes `room` bytes or the sink throws. */
function inflateBounded(packed: Buffer, room: number, sink: EntrySink | undefined, shown: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    let crc = 0;
    let settled = false;
    const stop = (result: Measured | Error) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    inflater.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > room) return stop({ size, crc, over: true });
      crc = crc32(chunk, crc);
      try {
        sink?.(chunk);
      } catch (error) {
        stop(error as Error);
      }
    });
    inflater.on('error', () => stop(new WorkbookRefusal(`部件 ${shown} 无法解压，文件已损坏`, 'invalid')));
    inflater.on('end', () => stop({ size, crc, over: false }));
    inflater.end(packed);
  });
}

/** A stored entry: its bytes as they are, to the sink in the same 64 KB chunks. */
function readStored(bytes: Buffer, room: number, sink: EntrySink | undefined): Measured {
  if (bytes.length > room) return { size: bytes.length, crc: 0, over: true };
  for (let at = 0; at < bytes.length; at += 64 * 1024) sink?.(bytes.subarray(at, at + 64 * 1024));
  return { size: bytes.length, crc: crc32(bytes), over: false };
}

/**
 * Reads every entry of `data` within `limits`, handing each one's inflated bytes to `sinkFor(name)`
 * (if it gives a sink); resolves with the entries' names and real sizes, or throws a WorkbookRefusal.
 */
export async function readZipBounded(data: Buffer, limits: ZipLimits, sinkFor: (name: string) => EntrySink | undefined): Promise<Array<{ name: string; size: number }>> {
  const entries = directory(data, limits);
  let total = 0;
  for (const e of entries) {
    const shown = shownName(e.name);
    // Never more than the caps, and never more than the directory recorded: a part that inflates
    // past its recorded size is refused at that point (JSZip would refuse it too, but only afterwards).
    const room = Math.min(e.size, limits.maxEntryBytes, limits.maxTotalBytes - total);
    const packed = data.subarray(e.dataStart, e.dataEnd);
    const sink = sinkFor(e.name);
    const m = e.method === 0 ? readStored(packed, room, sink) : await inflateBounded(packed, room, sink, shown);
    if (m.over && m.size > e.size) invalid(`部件 ${shown} 解压后超过记录的 ${e.size} 字节`);
    if (m.over) throw sizeRefusal(limits, m.size > limits.maxEntryBytes ? e.name : null);
    if (m.size !== e.size) invalid(`部件 ${shown} 解压后是 ${m.size} 字节，与记录的 ${e.size} 字节不符`);
    if (m.crc >>> 0 !== e.crc) invalid(`部件 ${shown} 已损坏（校验和不符）`);
    total += m.size;
  }
  return entries.map((e) => ({ name: e.name, size: e.size }));
}
