import { describe, expect, it } from 'vitest';
import { createLocalStorageResumeStore, uploadFingerprint } from './resumeStore.js';

/** Storage as browsers define it, over a Map; optionally full, as in private mode. */
function mapStorage(full = false): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      if (full) throw new DOMException('QuotaExceededError');
      map.set(key, value);
    },
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

const record = { fileMd5: 'f'.repeat(32), fileInfoId: 12, chunkSize: 10485760, sample: 'a:b', savedAt: 1000 };

describe('resume store', () => {
  it('remembers an upload across store instances (a page reload) and forgets it on request', () => {
    const storage = mapStorage();
    const key = uploadFingerprint({ name: '课件.pptx', size: 5, lastModified: 7 }, 'https://a', 'teacher');
    createLocalStorageResumeStore(storage, () => 2000).set(key, record);
    const reloaded = createLocalStorageResumeStore(storage, () => 2000);
    expect(reloaded.get(key)).toEqual(record);
    reloaded.remove(key);
    expect(reloaded.get(key)).toBeUndefined();
  });

  it('keys by platform and user as well as by file', () => {
    const file = { name: 'a.mp4', size: 1, lastModified: 1 };
    expect(uploadFingerprint(file, 'https://a', 'teacher')).not.toBe(uploadFingerprint(file, 'https://b', 'teacher'));
    expect(uploadFingerprint(file, 'https://a', 'teacher')).not.toBe(uploadFingerprint(file, 'https://a', 'student'));
  });

  it('drops records older than a week and survives a full or broken storage', () => {
    const storage = mapStorage();
    createLocalStorageResumeStore(storage).set('k', record);
    expect(createLocalStorageResumeStore(storage, () => 8 * 24 * 3600 * 1000).get('k')).toBeUndefined();
    storage.setItem('ds-upload:bad', '{not json');
    expect(createLocalStorageResumeStore(storage).get('bad')).toBeUndefined();
    expect(() => createLocalStorageResumeStore(mapStorage(true)).set('k', record)).not.toThrow();
  });
});
