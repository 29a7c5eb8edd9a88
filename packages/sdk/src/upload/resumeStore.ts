/** What is remembered of an unfinished upload so that a reload does not start it again. */
export interface ResumeRecord {
  fileMd5: string;
  fileInfoId: number | string;
  chunkSize: number;
  /** MD5 of the first and last 64 KB: a cheap check that the file chosen again is the same one. */
  sample: string;
  savedAt: number;
}

/** Resume memory as a seam: localStorage in browsers, memory in tests, anything else a host prefers. */
export interface ResumeStore {
  get(fingerprint: string): ResumeRecord | undefined;
  set(fingerprint: string, record: ResumeRecord): void;
  remove(fingerprint: string): void;
}

/**
 * The key of a remembered upload. The API base and the user are part of it, so one teacher's
 * half-finished upload is never continued under another account or against another platform.
 */
export function uploadFingerprint(
  file: { name: string; size: number; lastModified: number },
  apiBase: string,
  userKey: string,
): string {
  return ['ds-upload', apiBase, userKey, file.name, file.size, file.lastModified].map(String).join('|');
}

export function createMemoryResumeStore(): ResumeStore {
  const records = new Map<string, ResumeRecord>();
  return {
    get: (key) => records.get(key),
    set: (key, record) => void records.set(key, { ...record }),
    remove: (key) => void records.delete(key),
  };
}

const PREFIX = 'ds-upload:';
/** Records older than a week are dropped: servers clean up partial uploads by then. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** localStorage-backed store; every access is guarded because private modes and full quotas throw. */
export function createLocalStorageResumeStore(
  storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
  now: () => number = Date.now,
): ResumeStore {
  if (!storage) return createMemoryResumeStore();
  return {
    get(key) {
      try {
        const raw = storage.getItem(PREFIX + key);
        if (!raw) return undefined;
        const record = JSON.parse(raw) as ResumeRecord;
        if (typeof record.fileMd5 !== 'string' || now() - record.savedAt > MAX_AGE_MS) {
          storage.removeItem(PREFIX + key);
          return undefined;
        }
        return record;
      } catch {
        return undefined;
      }
    },
    set(key, record) {
      try {
        storage.setItem(PREFIX + key, JSON.stringify(record));
      } catch {
        // Without room to remember, the upload still works; it only cannot resume after a reload.
      }
    },
    remove(key) {
      try {
        storage.removeItem(PREFIX + key);
      } catch {
        // Nothing to do: an unreadable store holds nothing we could remove.
      }
    },
  };
}
