import { randomBytes } from 'node:crypto';
import { fileSourceFromBytes, type FileSource } from '../fileSource.js';
import { createMainThreadHashRunner, type HashRunner } from '../hashRunner.js';
import { createMemoryResumeStore, type ResumeStore } from '../resumeStore.js';
import { createUploader, type Uploader } from '../uploader.js';
import type { UploaderOptions } from '../uploaderOptions.js';
import { createFakeFileService, type FakeFileService } from './fakeFileService.js';
import { createFakeNetwork, type FakeNetwork } from './fakeNetwork.js';
import { createFakeUploadClock, type FakeUploadClock } from './fakeUploadClock.js';

export const CHUNK = 64 * 1024;

export interface Harness {
  uploader: Uploader;
  service: FakeFileService;
  /** The harness's own clock; a test that passes `clock` keeps its own reference. */
  clock: FakeUploadClock;
  network: FakeNetwork;
  resumeStore: ResumeStore;
  /** Full-file hashes made (a remembered upload must not cause one). */
  fullHashes: () => number;
}

/** An uploader wired to the in-memory file service, a fake clock, a fake line and memory resume storage. */
export function createHarness(overrides: Partial<UploaderOptions> & { service?: FakeFileService; network?: FakeNetwork } = {}): Harness {
  const network = overrides.network ?? createFakeNetwork();
  const service = overrides.service ?? createFakeFileService({ network });
  const clock = createFakeUploadClock();
  const resumeStore = overrides.resumeStore ?? createMemoryResumeStore();
  const inner = overrides.hashRunner ?? createMainThreadHashRunner({ sliceSize: 16 * 1024 });
  let full = 0;
  const hashRunner: HashRunner = {
    md5(source, job = {}) {
      if (job.start === undefined && job.end === undefined) full += 1;
      return inner.md5(source, job);
    },
  };
  const uploader = createUploader({
    apiBase: 'https://yx.example.edu.cn',
    rules: { allowedExtensions: 'mp4,jpg,pptx,bin,zip' },
    token: () => 'token-teacher',
    userKey: 'teacher',
    chunkSize: CHUNK,
    transport: service.transport,
    clock,
    network,
    resumeStore,
    ...overrides,
    hashRunner,
  });
  return { uploader, service, clock, network, resumeStore, fullHashes: () => full };
}

export function randomFile(size: number, name = '课件.zip', lastModified = 1_700_000_000_000): FileSource & { bytes: Uint8Array } {
  const bytes = new Uint8Array(randomBytes(size));
  return Object.assign(fileSourceFromBytes(bytes, { name, type: 'application/zip', lastModified }), { bytes });
}

export function fileOf(uploader: Uploader, id: string) {
  return uploader.store.getState().files.find((file) => file.id === id)!;
}

/** A promise with its resolve exposed, to hold a request until the test says so. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
