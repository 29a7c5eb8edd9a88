import { DEFAULT_CHUNK_SIZE } from './chunkPlan.js';
import { systemUploadClock, type UploadClock } from './clock.js';
import { createWorkerHashRunner, type HashRunner } from './hashRunner.js';
import { DEFAULT_HASH_SLICE_SIZE } from './hashSlices.js';
import { DEFAULT_MP4_SLICE_SIZE, loadMp4Box, type Mp4BoxModule } from './mp4Check.js';
import { browserNetworkMonitor, DEFAULT_NETWORK_PROBE_DELAYS, type NetworkMonitor } from './network.js';
import { createLocalStorageResumeStore, type ResumeStore } from './resumeStore.js';
import axios, { type AxiosAdapter } from 'axios';
import type { Locale } from '../errors/catalogue.js';
import type { HttpError } from '../errors/HttpError.js';
import type { RequestOptions } from '../http/calls.js';
import { acceptLanguageFor, createHttpClient, type HttpClient } from '../http/client.js';
import type { RetryPolicy } from '../http/retryPolicy.js';
import { DEFAULT_RETRY_DELAYS, uploadRetryPolicy } from './retry.js';
import { DEFAULT_SPEED_WINDOW_MS } from './speedMeter.js';
import type { ValidationRules } from './validation.js';

/** The upload engine's transport seam: an axios adapter under the platform's HTTP client (tests, stories, shells). */
export type UploadTransport = AxiosAdapter;

/** The transport the platform's client uses by default (XHR in a browser): for a seam that wraps the real line. */
export function createDefaultTransport(): UploadTransport {
  return axios.getAdapter(axios.defaults.adapter);
}

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
  /**
   * The platform's HTTP client: calls then carry the session's headers (token refreshed when due, `ua`,
   * top organisation, language). Without it the engine makes a client of its own on `apiBase`.
   */
  http?: HttpClient;
  /** Prefix of the file service for a client of the engine's own; `/file` unless the platform moved it. */
  filePrefix?: string;
  rules: ValidationRules;
  /**
   * An override of the session's token, read before every call: a token the host handed in. Calls
   * then carry it, and the session neither refreshes it nor ends on its refusal.
   */
  token?: () => string | undefined;
  /** An override of the client's language (`Accept-Language`), read before every call. */
  locale?: () => Locale;
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
  onShouldRetry?: (error: HttpError, retryAttempt: number) => boolean;
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
  Omit<UploaderOptions, 'http' | 'transport' | 'token' | 'locale' | 'onShouldRetry' | 'storage' | 'businessCode' | 'userKey'>
> &
  Pick<UploaderOptions, 'onShouldRetry' | 'storage' | 'businessCode'> & {
    userKey: () => string;
    /** The client the file calls go through, over the transport seam when one was given. */
    http: HttpClient;
    /** What each call adds to the client's defaults (the token and language overrides). */
    requestOptions: () => RequestOptions;
    retry: RetryPolicy;
  };

export function resolveUploaderOptions(options: UploaderOptions): ResolvedUploaderOptions {
  const userKey = options.userKey;
  const filePrefix = options.filePrefix ?? '/file';
  const client = options.http ?? createHttpClient({ apiBase: options.apiBase, prefixes: { file: filePrefix } });
  const network = options.network ?? browserNetworkMonitor;
  const retryDelays = options.retryDelays ?? DEFAULT_RETRY_DELAYS;
  const { transport: _transport, token: _token, locale: _locale, http: _http, ...rest } = options;
  return {
    ...rest,
    filePrefix,
    userKey: typeof userKey === 'function' ? userKey : () => userKey ?? 'anonymous',
    http: options.transport ? client.withAdapter(options.transport) : client,
    requestOptions: () => overrides(options.token?.(), options.locale?.()),
    hashRunner: options.hashRunner ?? createWorkerHashRunner({ sliceSize: options.hashSliceSize }),
    resumeStore: options.resumeStore ?? createLocalStorageResumeStore(),
    clock: options.clock ?? systemUploadClock,
    network,
    loadMp4Box: options.loadMp4Box ?? loadMp4Box,
    chunkSize: positive(options.chunkSize, DEFAULT_CHUNK_SIZE),
    parallelChunks: positive(options.parallelChunks, 3),
    parallelFiles: positive(options.parallelFiles, 1),
    retryDelays,
    retry: uploadRetryPolicy({ retryDelays, onShouldRetry: options.onShouldRetry, network }),
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

/** A host's token goes instead of the session's (public: the session neither refreshes nor ends on it). */
function overrides(token: string | undefined, locale: Locale | undefined): RequestOptions {
  const headers: Record<string, string> = {};
  if (locale) headers['Accept-Language'] = acceptLanguageFor(locale);
  if (token) headers.Authorization = token;
  return { ...(token ? { public: true } : {}), ...(locale || token ? { headers } : {}) };
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}
