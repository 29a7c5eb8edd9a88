import { DEFAULT_CHUNK_SIZE } from './chunkPlan.js';
import { systemUploadClock, type UploadClock } from './clock.js';
import { createWorkerHashRunner, type HashRunner } from './hashRunner.js';
import { DEFAULT_HASH_SLICE_SIZE } from './hashSlices.js';
import { DEFAULT_MP4_SLICE_SIZE, loadMp4Box, type Mp4BoxModule } from './mp4Check.js';
import { browserNetworkMonitor, DEFAULT_NETWORK_PROBE_DELAYS, type NetworkMonitor } from './network.js';
import { createLocalStorageResumeStore, type ResumeStore } from './resumeStore.js';
import { DEFAULT_RETRY_DELAYS } from './retry.js';
import { DEFAULT_SPEED_WINDOW_MS } from './speedMeter.js';
import { createDefaultTransport, type HeaderMap, type UploadTransport } from './transport.js';
import type { UploadError } from './uploadError.js';
import type { ValidationRules } from './validation.js';

/** Application types whose chunks carry a `businessCode` (spec §7). */
export const BUSINESS_CODES = Object.freeze({ DICTATION: 600001, APP_UPDATE: 600002, VIDEO_THUMBNAIL: 600005 });

/** Where the bytes go (spec §9): storage mode 1 with storage type 2 posts straight to the object store. */
export interface StorageSelection {
  storageMode: number;
  storageType: number;
}

export function isObjectStoreMode(storage: StorageSelection | undefined): boolean {
  return storage?.storageMode === 1 && storage.storageType === 2;
}

export interface UploaderOptions {
  /** The platform origin, e.g. `https://yx.example.edu.cn`. */
  apiBase: string;
  /** Prefix of the file service; `/file` unless the platform moved it. */
  filePrefix?: string;
  rules: ValidationRules;
  /** The session's headers (Authorization, ua, topClass…), asked for before every call. */
  authHeaders?: () => HeaderMap | Promise<HeaderMap>;
  /** Who is uploading: part of the resume key so another account never continues this upload. */
  userKey?: string | (() => string);
  transport?: UploadTransport;
  hashRunner?: HashRunner;
  resumeStore?: ResumeStore;
  clock?: UploadClock;
  /** The browser's online/offline reports (`navigator.onLine`, the `online` event). */
  network?: NetworkMonitor;
  loadMp4Box?: () => Promise<Mp4BoxModule>;
  /** Bytes per chunk; the server's `uploadChunkSize` when it has one. */
  chunkSize?: number;
  parallelChunks?: number;
  /** Files uploading at the same time; the rest wait their turn. */
  parallelFiles?: number;
  retryDelays?: readonly number[];
  onShouldRetry?: (error: UploadError, retryAttempt: number) => boolean;
  /** Wait before a failed file restarts by itself (spec §9: 50 ms). */
  restartDelayMs?: number;
  /** Automatic restarts before the file stays failed for the user to retry. */
  maxAutoRestarts?: number;
  /** While waiting for the network: spacing of the cheap calls that check it is back (last one repeats). */
  networkProbeDelays?: readonly number[];
  hashSliceSize?: number;
  mp4SliceSize?: number;
  /** Refuse MP4s that are not H.264 (players in classrooms cannot play the rest). */
  requireH264?: boolean;
  storage?: StorageSelection;
  businessCode?: number | string;
  /** `supportSourceFlag` of the spec (0/1). */
  supportSourceFlag?: 0 | 1;
  /** `isDsidealFile` of the signature request (object-store mode). */
  isDsidealFile?: 0 | 1;
  /** Start each accepted file at once; otherwise wait for `start()`. */
  autoStart?: boolean;
  speedWindowMs?: number;
}

export type ResolvedUploaderOptions = Required<
  Omit<UploaderOptions, 'authHeaders' | 'onShouldRetry' | 'storage' | 'businessCode' | 'userKey'>
> &
  Pick<UploaderOptions, 'authHeaders' | 'onShouldRetry' | 'storage' | 'businessCode'> & { userKey: () => string };

export function resolveUploaderOptions(options: UploaderOptions): ResolvedUploaderOptions {
  const userKey = options.userKey;
  return {
    ...options,
    filePrefix: options.filePrefix ?? '/file',
    userKey: typeof userKey === 'function' ? userKey : () => userKey ?? 'anonymous',
    transport: options.transport ?? createDefaultTransport(),
    hashRunner: options.hashRunner ?? createWorkerHashRunner({ sliceSize: options.hashSliceSize }),
    resumeStore: options.resumeStore ?? createLocalStorageResumeStore(),
    clock: options.clock ?? systemUploadClock,
    network: options.network ?? browserNetworkMonitor,
    loadMp4Box: options.loadMp4Box ?? loadMp4Box,
    chunkSize: positive(options.chunkSize, DEFAULT_CHUNK_SIZE),
    parallelChunks: positive(options.parallelChunks, 3),
    parallelFiles: positive(options.parallelFiles, 1),
    retryDelays: options.retryDelays ?? DEFAULT_RETRY_DELAYS,
    restartDelayMs: options.restartDelayMs ?? 50,
    maxAutoRestarts: options.maxAutoRestarts ?? 3,
    networkProbeDelays: options.networkProbeDelays?.length ? options.networkProbeDelays : DEFAULT_NETWORK_PROBE_DELAYS,
    hashSliceSize: positive(options.hashSliceSize, DEFAULT_HASH_SLICE_SIZE),
    mp4SliceSize: positive(options.mp4SliceSize, DEFAULT_MP4_SLICE_SIZE),
    requireH264: options.requireH264 ?? false,
    supportSourceFlag: options.supportSourceFlag ?? 0,
    isDsidealFile: options.isDsidealFile ?? 1,
    autoStart: options.autoStart ?? true,
    speedWindowMs: options.speedWindowMs ?? DEFAULT_SPEED_WINDOW_MS,
  };
}

/** What may change on a live uploader (`configure`): the rules and settings a file takes when it is added. */
export type UploaderSettings = Partial<Pick<UploaderOptions, 'rules' | 'requireH264' | 'businessCode' | 'chunkSize'>>;

/** `options` with `change` applied, normalised like `resolveUploaderOptions`; keys left out stay as they were. */
export function withSettings(options: ResolvedUploaderOptions, change: UploaderSettings): ResolvedUploaderOptions {
  const next = { ...options };
  if (change.rules) next.rules = change.rules;
  if ('requireH264' in change) next.requireH264 = change.requireH264 ?? false;
  if ('businessCode' in change) next.businessCode = change.businessCode;
  if ('chunkSize' in change) next.chunkSize = positive(change.chunkSize, DEFAULT_CHUNK_SIZE);
  return next;
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}
