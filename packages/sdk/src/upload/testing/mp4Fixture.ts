/**
 * Builds tiny but well-formed MP4 files byte by byte (no ffmpeg needed): ftyp, an mdat of any size
 * and a moov with one video track whose sample entry is `avc1` (H.264) or another codec.
 */
export interface Mp4FixtureOptions {
  /** Sample entry four-character code: `avc1` for H.264, e.g. `mp4v` or `hvc1` for others. */
  codec?: string;
  /** Size of the media data box payload. */
  mdatBytes?: number;
  /** Put the moov box after the media data, as cameras and many encoders do. */
  moovAtEnd?: boolean;
}

export function buildMp4(options: Mp4FixtureOptions = {}): Uint8Array {
  const codec = options.codec ?? 'avc1';
  const ftyp = box('ftyp', ascii('isom'), u32(512), ascii('isom'), ascii('iso2'), ascii('avc1'), ascii('mp41'));
  const mdat = box('mdat', new Uint8Array(options.mdatBytes ?? 1024).fill(0x5a));
  const moov = box('moov', mvhd(), trak(codec));
  const parts = options.moovAtEnd === false ? [ftyp, moov, mdat] : [ftyp, mdat, moov];
  return concat(parts);
}

function mvhd(): Uint8Array {
  return fullBox('mvhd', 0, 0, u32(0), u32(0), u32(1000), u32(1000), u32(0x00010000), u16(0x0100), zeros(10), matrix(), zeros(24), u32(2));
}

function trak(codec: string): Uint8Array {
  const tkhd = fullBox('tkhd', 0, 3, u32(0), u32(0), u32(1), u32(0), u32(1000), zeros(8), u16(0), u16(0), u16(0), u16(0), matrix(), u32(320 << 16), u32(240 << 16));
  const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(1000), u32(1000), u16(0x55c4), u16(0));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), ascii('vide'), zeros(12), ascii('VideoHandler\0'));
  const vmhd = fullBox('vmhd', 0, 1, u16(0), zeros(6));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), sampleEntry(codec)),
    fullBox('stts', 0, 0, u32(0)),
    fullBox('stsc', 0, 0, u32(0)),
    fullBox('stsz', 0, 0, u32(0), u32(0)),
    fullBox('stco', 0, 0, u32(0)),
  );
  return box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', vmhd, dinf, stbl)));
}

function sampleEntry(codec: string): Uint8Array {
  const visual = [zeros(6), u16(1), u16(0), u16(0), zeros(12), u16(320), u16(240), u32(0x00480000), u32(0x00480000), u32(0), u16(1), zeros(32), u16(0x0018), u16(0xffff)];
  // avcC: version 1, High profile (0x64), level 3.1 (0x1f), 4-byte NAL lengths, no parameter sets.
  const children = codec === 'avc1' ? [box('avcC', new Uint8Array([1, 0x64, 0x00, 0x1f, 0xff, 0xe0, 0x00]))] : [];
  return box(codec, ...visual, ...children);
}

function matrix(): Uint8Array {
  return concat([u32(0x00010000), u32(0), u32(0), u32(0), u32(0x00010000), u32(0), u32(0), u32(0), u32(0x40000000)]);
}

function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = concat(payload);
  return concat([u32(body.byteLength + 8), ascii(type), body]);
}

function fullBox(type: string, version: number, flags: number, ...payload: Uint8Array[]): Uint8Array {
  return box(type, new Uint8Array([version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...payload);
}

function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value >>> 0);
  return bytes;
}

function u16(value: number): Uint8Array {
  const bytes = new Uint8Array(2);
  new DataView(bytes.buffer).setUint16(0, value & 0xffff);
  return bytes;
}

function zeros(length: number): Uint8Array {
  return new Uint8Array(length);
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
