import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FileInfo } from './fileApi.js';
import { normaliseExtension } from './extension.js';
import type { FileSource } from './fileSource.js';
import { estimateEta } from './speedMeter.js';
import type { UploadStatus } from './stateMachine.js';
import type { UploadIssue } from './uploadIssue.js';

/** One file as the UI sees it. Plain data: every change replaces the object. */
export interface UploadFile {
  id: string;
  name: string;
  extension: string;
  size: number;
  type: string;
  status: UploadStatus;
  /** Bytes hashed so far (hashing phase). */
  hashedBytes: number;
  /** Bytes the server has acknowledged plus bytes of chunks in flight. */
  uploadedBytes: number;
  /** 0–100, of the upload (not of hashing). */
  percent: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  /** Seconds left; undefined while unknown. */
  eta: number | undefined;
  /** Chunks acknowledged and chunk count, while uploading in chunks. */
  chunk: { done: number; count: number } | undefined;
  fileMd5: string | undefined;
  fileInfoId: number | string | undefined;
  /** What the server stored, once done. */
  fileInfo: FileInfo | undefined;
  objectKey: string | undefined;
  isMp4H264: boolean | undefined;
  /** Done at once because the server already held the bytes (秒传). */
  instant: boolean;
  /** Continued from a remembered upload instead of starting over. */
  resumed: boolean;
  /** Automatic restarts used so far. */
  restarts: number;
  error: UploadIssue | undefined;
}

/** Something to tell the user that belongs to no file in the list (rejected or removed files). */
export interface UploadNotice extends UploadIssue {
  fileName: string | undefined;
  at: number;
}

export interface UploadTotals {
  count: number;
  done: number;
  failed: number;
  totalBytes: number;
  uploadedBytes: number;
  percent: number;
  speed: number;
  eta: number | undefined;
}

export interface UploaderState {
  files: UploadFile[];
  totals: UploadTotals;
  notices: UploadNotice[];
}

export type UploaderStore = StoreApi<UploaderState>;

export function createUploaderStore(): UploaderStore {
  return createStore<UploaderState>()(() => ({ files: [], totals: computeTotals([], 0), notices: [] }));
}

/** Totals over the files that still count: cancelled ones are out of the picture. */
export function computeTotals(files: readonly UploadFile[], speed: number): UploadTotals {
  const counted = files.filter((file) => file.status !== 'cancelled');
  const totalBytes = sum(counted.map((file) => file.size));
  const uploadedBytes = sum(counted.map((file) => Math.min(file.size, file.uploadedBytes)));
  return {
    count: counted.length,
    done: counted.filter((file) => file.status === 'done').length,
    failed: counted.filter((file) => file.status === 'failed').length,
    totalBytes,
    uploadedBytes,
    percent: percentOf(uploadedBytes, totalBytes),
    speed,
    eta: estimateEta(totalBytes - uploadedBytes, speed),
  };
}

export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.floor((part * 10000) / whole) / 100);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** A file as it enters the list. */
export function createUploadFile(id: string, source: FileSource): UploadFile {
  return {
    id,
    name: source.name,
    extension: normaliseExtension(source.name),
    size: source.size,
    type: source.type,
    status: 'added',
    hashedBytes: 0,
    uploadedBytes: 0,
    percent: 0,
    speed: 0,
    eta: undefined,
    chunk: undefined,
    fileMd5: undefined,
    fileInfoId: undefined,
    fileInfo: undefined,
    objectKey: undefined,
    isMp4H264: undefined,
    instant: false,
    resumed: false,
    restarts: 0,
    error: undefined,
  };
}
