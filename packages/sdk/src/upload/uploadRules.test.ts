import { describe, expect, it } from 'vitest';
import type { FileConfig } from '../config/types.js';
import { parseAccept, resolveRules } from './uploadRules.js';

const config: FileConfig = {
  uploadExtensions: 'mp4,mov,jpg,pdf',
  uploadChunkSize: 5 * 1024 * 1024,
  uploadMaxSize: 500,
  mobileUploadVideoMaxSize: 100,
  fileServerPath: '',
  extensions: [
    { extension: 'mp4', fileCategoryCode: 2 },
    { extension: 'mov', fileCategoryCode: 2 },
    { extension: 'jpg', fileCategoryCode: 1 },
    { extension: 'pdf', fileCategoryCode: 5 },
  ],
};

describe('upload rules', () => {
  it('reads categories and extensions from accept', () => {
    expect(parseAccept('video, .PDF .jpg')).toEqual({ categories: ['video'], extensions: ['pdf', 'jpg'] });
  });

  it('narrows what the server allows and never widens it', () => {
    const resolved = resolveRules({ accept: '.pdf,.exe' }, config);
    expect(resolved.rules.allowedExtensions).toEqual(['pdf']);
    expect(resolved.inputAccept).toBe('.pdf');
  });

  it('shows only the asked categories, with the server size limit and the phone video limit', () => {
    const resolved = resolveRules({ accept: 'video', mobile: true, maxCount: 2.7 }, config);
    expect(resolved.extensions).toEqual(['mp4', 'mov']);
    expect(resolved.maxSizeLabel).toBe('500MB');
    expect(resolved.rules).toMatchObject({ maxCount: 2, maxFileSize: '500mb', sizeFilter: { maxSize: '100mb', extensions: ['mp4', 'mov'] } });
  });

  it('takes the page’s own list when the server config could not be loaded', () => {
    expect(resolveRules({ accept: '.zip', maxSize: '20 mb' }, undefined)).toMatchObject({ extensions: ['zip'], maxSizeLabel: '20MB' });
  });
});
