/**
 * The content check of uploads, head by head: what each extension accepts and the renamed programs
 * and documents it refuses (the whole upload path is covered in files.upload.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { contentMatchesExtension } from '../src/files/contentSniff.js';
import { PNG_HEAD } from './filesKit.js';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat([...parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))), randomBytes(4000)]);

const ebml = (docType: string) => {
  const body = [0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8, 0x42, 0x82, 0x80 | docType.length, ...Buffer.from(docType), 0x42, 0x87, 0x81, 2, 0x42, 0x85, 0x81, 2];
  return [0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length, ...body];
};
/** MPEG transport stream packets: 188 bytes each (`.ts`, `.mts`), or 192 with a 4-byte time code before each (`.m2ts`). */
const transport = (packet: 188 | 192) => {
  const head = Buffer.alloc(packet * 20, 0xff);
  for (let i = 0; i < 20; i++) head[i * packet + (packet - 188)] = 0x47;
  return head;
};
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const MZ = [0x4d, 0x5a, 0x90, 0x00];
const ELF = [0x7f, 0x45, 0x4c, 0x46];

const accepted: Array<[string, Buffer]> = [
  ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0])],
  ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe1])],
  ['png', bytes(PNG_HEAD)],
  ['gif', bytes('GIF89a')],
  ['bmp', bytes('BM')],
  ['webp', bytes('RIFF\x00\x10\x00\x00WEBPVP8 ')],
  ['mp4', bytes([0, 0, 0, 0x18], 'ftypisom')],
  ['mov', bytes([0, 0, 0, 0x14], 'ftypqt  ')],
  ['m4a', bytes([0, 0, 0, 0x20], 'ftypM4A ')],
  ['avi', bytes('RIFF\x00\x10\x00\x00AVI LIST')],
  ['wav', bytes('RIFF\x00\x10\x00\x00WAVEfmt ')],
  ['wmv', bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c])],
  ['flv', bytes('FLV\x01')],
  ['webm', bytes(ebml('webm'))],
  ['mkv', bytes(ebml('matroska'))],
  ['mpg', bytes([0x00, 0x00, 0x01, 0xba])],
  ['3gp', bytes([0, 0, 0, 0x14], 'ftyp3gp5')],
  ['ts', transport(188)],
  ['mts', transport(188)],
  ['m2ts', transport(192)],
  ['mp3', bytes('ID3\x03\x00\x00\x00\x00\x7f\x7f')],
  ['mp3', bytes([0xff, 0xfb, 0x90, 0x64])],
  ['aac', bytes([0xff, 0xf1, 0x50, 0x80])],
  ['aac', bytes('ADIF')],
  ['aac', bytes('ID3\x03\x00\x00\x00\x00\x7f\x7f')],
  ['flac', bytes('fLaC')],
  ['swf', bytes('CWS')],
  ['swf', bytes('ZWS')],
  ['pdf', bytes('%PDF-1.7\n')],
  ['pdf', bytes(`${' '.repeat(300)}%PDF-1.4\n`)],
  ['rtf', bytes('{\\rtf1')],
  ['doc', bytes(OLE)],
  ['ppt', bytes(OLE)],
  ['docx', bytes(ZIP)],
  ['zip', bytes(ZIP)],
  ['sb3', bytes(ZIP)],
  ['rar', bytes('Rar!\x1a\x07\x00')],
  ['7z', bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])],
  ['txt', Buffer.from('第一课 认识图形\n')],
  ['wps', bytes(OLE)],
];

const refused: Array<[string, Buffer]> = [
  ['png', bytes(MZ)],
  // A page behind a PNG signature has no PNG chunks: the signature alone no longer passes.
  ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], '<html><script>alert(1)</script>')],
  ['jpg', bytes(PNG_HEAD)],
  ['zip', bytes('%PDF-1.7\n')],
  ['pdf', bytes(ZIP)],
  ['mp4', bytes('<!doctype html><script>')],
  ['ts', bytes('<!doctype html><script>')],
  ['ts', Buffer.from('export const answer = 42;\n'.repeat(200))],
  ['doc', bytes(ZIP)],
  ['txt', bytes(MZ)],
  ['txt', bytes(ELF)],
  ['txt', Buffer.from('#!/bin/sh\nrm -rf /\n')],
  ['wps', bytes([0xcf, 0xfa, 0xed, 0xfe])],
];

describe('content check', () => {
  it.each(accepted)('accepts a real .%s head', async (extension, head) => {
    expect(await contentMatchesExtension(extension, head)).toBe(true);
  });

  it.each(refused)('refuses a .%s that is something else', async (extension, head) => {
    expect(await contentMatchesExtension(extension, head)).toBe(false);
  });
});
