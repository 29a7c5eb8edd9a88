import { describe, expect, it } from 'vitest';
import { Codes } from '../errors/index.js';
import { normaliseExtension } from './extension.js';
import { formatSize, parseSize } from './size.js';
import { validateFile, validateSelection, type ValidationRules } from './validation.js';

const MB = 1024 * 1024;
const rules: ValidationRules = { allowedExtensions: 'mp4,jpg,png,pptx,docx' };
const file = (name: string, size = 1024, type = '') => ({ name, size, type });

describe('upload validation', () => {
  it('judges the final extension, case-insensitively, after trailing dots and spaces', () => {
    expect(normaliseExtension('课件.PPTX ')).toBe('pptx');
    expect(normaliseExtension('archive.mp4.exe')).toBe('exe');
    expect(normaliseExtension('photo.JPG.')).toBe('jpg');
    expect(normaliseExtension('.hidden')).toBe('');
    expect(validateFile(file('课件.PPTX'), rules)).toBeUndefined();
    const error = validateFile(file('video.mp4.exe'), rules);
    expect(error?.code).toBe(Codes.UNSUPPORTED_FILE_TYPE);
    expect(error?.messageZh).toBe('已排除不符合上传格式的文件');
    expect(error?.localizedMessage('en')).toMatch(/excluded/);
    expect(validateFile(file('README'), rules)?.messageZh).toBe('已排除不符合上传格式的文件');
  });

  it('limits the name without its extension to 200 characters, counting Chinese characters as one', () => {
    expect(validateFile(file(`${'教'.repeat(200)}.docx`), rules)).toBeUndefined();
    const error = validateFile(file(`${'教'.repeat(201)}.docx`), rules);
    expect(error?.messageZh).toBe('文件名长度不能超过200个字符');
    expect(error?.messageEn).toBe('The file name cannot exceed 200 characters');
  });

  it('refuses empty files', () => {
    const error = validateFile(file('空.jpg', 0), rules);
    expect(error?.code).toBe(Codes.EMPTY_FILE);
    expect(error?.messageZh).toBe('请上传大于0KB的文件');
  });

  it('applies the per-file maximum in kb, mb or gb, naming the limit', () => {
    expect(validateFile(file('a.jpg', 300 * 1024), { ...rules, maxFileSize: '300kb' })).toBeUndefined();
    const error = validateFile(file('a.jpg', 300 * 1024 + 1), { ...rules, maxFileSize: '300kb' });
    expect(error?.messageZh).toBe('每个文件不能超过300KB');
    expect(error?.messageEn).toBe('Each file must not exceed 300KB');
    expect(validateFile(file('a.mp4', 2 * 1024 * MB), { ...rules, maxFileSize: '1gb' })?.messageZh).toBe('每个文件不能超过1GB');
  });

  it('never accepts more than 2048 MB, whatever the configuration says', () => {
    expect(validateFile(file('a.mp4', 2048 * MB), rules)).toBeUndefined();
    const error = validateFile(file('a.mp4', 2048 * MB + 1), { ...rules, maxFileSize: '5gb' });
    expect(error?.code).toBe(Codes.FILE_TOO_LARGE);
    expect(error?.messageZh).toBe('每个文件不能超过2048MB');
  });

  it('applies the size filter to the extensions it names', () => {
    const filtered = { ...rules, sizeFilter: { maxSize: '180mb', extensions: ['mp4'] } };
    expect(validateFile(file('课.mp4', 200 * MB), filtered)?.messageZh).toBe('请上传小于180MB的文件');
    expect(validateFile(file('课.mp4', 200 * MB), filtered)?.messageEn).toBe('Please upload a file smaller than 180MB');
    expect(validateFile(file('图.jpg', 200 * MB), filtered)).toBeUndefined();
  });

  it('refuses files outside the accepted categories and files whose type contradicts their name', () => {
    const videoOnly = { ...rules, accept: ['video' as const] };
    expect(validateFile(file('课.mp4', 10, 'video/mp4'), videoOnly)).toBeUndefined();
    expect(validateFile(file('图.jpg', 10, 'image/jpeg'), videoOnly)?.messageZh).toBe('上传的文件格式不匹配');
    expect(validateFile(file('改名.mp4', 10, 'image/png'), rules)?.code).toBe(Codes.FILE_EXTENSION_MISMATCH);
    // The server's category list wins over the built-in one.
    const custom = { ...videoOnly, categories: [{ extension: 'jpg', fileCategoryCode: 2 }] };
    expect(validateFile(file('帧.jpg', 10, ''), custom)).toBeUndefined();
  });

  it('trims files beyond the maximum count and reports each message once', () => {
    const result = validateSelection(
      [file('1.jpg'), file('2.exe'), file('3.jpg'), file('4.jpg'), file('5.bat'), file('6.jpg')],
      { ...rules, maxCount: 3 },
      1,
    );
    expect(result.accepted.map((item) => item.name)).toEqual(['1.jpg', '3.jpg']);
    expect(result.rejected.map((item) => item.file.name)).toEqual(['2.exe', '4.jpg', '5.bat', '6.jpg']);
    expect(result.notices.map((notice) => notice.messageZh)).toEqual(['已排除不符合上传格式的文件', '已达到最大上传数量']);
  });

  it('reads and writes sizes the way bureaus configure them', () => {
    expect(parseSize('500mb')).toBe(500 * MB);
    expect(parseSize('2 GB')).toBe(2048 * MB);
    expect(parseSize('1.5k')).toBe(1536);
    expect(parseSize('lots')).toBeUndefined();
    expect(formatSize(2048 * MB)).toBe('2GB');
    expect(formatSize(1536)).toBe('1.5KB');
  });
});
