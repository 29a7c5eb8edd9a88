import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './blob.js';

describe('fileNameFrom (Content-Disposition, RFC 6266 / 8187)', () => {
  it('prefers filename* in UTF-8 over the ASCII stand-in', () => {
    expect(fileNameFrom(`attachment; filename="____.xlsx"; filename*=UTF-8''%E4%BC%98%E7%A7%80%E4%BD%9C%E5%93%81.xlsx`)).toBe('优秀作品.xlsx');
  });

  it('reads filename* before filename whatever their order, with a language tag and any case', () => {
    expect(fileNameFrom(`attachment; FILENAME*=utf-8'zh-CN'%E6%8A%A5%E5%90%8D.xlsx; filename="x.xlsx"`)).toBe('报名.xlsx');
  });

  it('decodes ISO-8859-1 filename*', () => {
    expect(fileNameFrom(`attachment; filename*=iso-8859-1'en'%A3%20rates.xlsx`)).toBe('£ rates.xlsx');
  });

  it('falls back to the plain name when filename* is malformed or in an unknown charset', () => {
    expect(fileNameFrom(`attachment; filename*=UTF-8''%E4%ZZ.xlsx; filename="fallback.xlsx"`)).toBe('fallback.xlsx');
    expect(fileNameFrom(`attachment; filename*=GBK''%C4%E3.xlsx; filename=plain.xlsx`)).toBe('plain.xlsx');
  });

  it('keeps a quoted name whole: escaped quotes and semicolons inside', () => {
    expect(fileNameFrom(`attachment; filename="a \\"b\\"; c.xlsx"`)).toBe('a "b"; c.xlsx');
  });

  it('does not take a filename hidden inside another quoted parameter', () => {
    expect(fileNameFrom(`attachment; note="x; filename=evil.exe"; filename=good.xlsx`)).toBe('good.xlsx');
  });

  it('keeps only the last path segment and drops control characters', () => {
    expect(fileNameFrom(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe('passwd');
    expect(fileNameFrom(`attachment; filename="C:\\\\temp\\\\a\u0007b.xlsx"`)).toBe('ab.xlsx');
  });

  it('answers null without a name', () => {
    expect(fileNameFrom('')).toBeNull();
    expect(fileNameFrom('attachment')).toBeNull();
    expect(fileNameFrom('attachment; filename=""')).toBeNull();
    expect(fileNameFrom('attachment; filename=".."')).toBeNull();
  });
});
