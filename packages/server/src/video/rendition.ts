/**
 * Where a content's renditions live in the object store and how they get there (docs/video.md
 * "Storage layout"): beside the file, under `<content key>-hls/v<ladder version>/`, one object per
 * file of the rendition directory, and `manifest-json` written last — its presence is what makes a
 * rendition whole, so a job that dies while copying leaves objects that nothing names and that the
 * next attempt overwrites.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { readStored, type ObjectStore } from '../files/fileStore.js';

export const LADDER_VERSION = 1;

export interface ManifestFile {
  /** Path inside the rendition as players ask for it: `360p/s00000.ts`. */
  name: string;
  key: string;
  size: number;
  type: string;
}

export interface RenditionManifest {
  version: number;
  duration: number;
  rungs: Array<{ name: string; width: number; height: number; peakBitrate: number; averageBitrate: number }>;
  poster: string | null;
  thumbnails: string | null;
  files: ManifestFile[];
  createdAt: number;
}

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** A name the route accepts: rung folder, then a plain file name (no dots but the extension). */
export const RENDITION_NAME = /^(?:[0-9]{3,4}p\/)?[a-z0-9][a-z0-9_-]{0,40}\.(m3u8|ts|jpg|vtt)$/;

export const renditionBase = (storageKey: string, version = LADDER_VERSION) => `${storageKey}-hls/v${version}`;
export const manifestKey = (storageKey: string, version = LADDER_VERSION) => `${renditionBase(storageKey, version)}/manifest-json`;

/** The store key of a rendition file: the stores refuse dots in keys, so `s00000.ts` is stored as `s00000-ts`. */
export function renditionKey(storageKey: string, name: string, version = LADDER_VERSION): string {
  if (!RENDITION_NAME.test(name)) throw new Error(`not a rendition file name: ${name}`);
  return `${renditionBase(storageKey, version)}/${name.replace(/\.(?=[a-z0-9]+$)/, '-')}`;
}

export function typeOf(name: string): string {
  return TYPES[path.extname(name)] ?? 'application/octet-stream';
}

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(path.join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/**
 * Copies (S3) or renames (disk: `adopt`) every file of `dir` into the store, then the manifest. The
 * directory must be on the store's disk for `adopt` to rename; otherwise the bytes are put.
 */
export async function publishRendition(
  store: ObjectStore,
  storageKey: string,
  dir: string,
  meta: Omit<RenditionManifest, 'files' | 'version' | 'createdAt'>,
  now: number,
  signal?: AbortSignal,
): Promise<RenditionManifest> {
  const files: ManifestFile[] = [];
  for (const name of await filesUnder(dir)) {
    if (signal?.aborted) throw signal.reason;
    const key = renditionKey(storageKey, name);
    const local = path.join(dir, name);
    const { size } = await stat(local);
    if (store.adopt) await store.adopt(key, local, size);
    else await store.put(key, createReadStream(local), size);
    files.push({ name, key, size, type: typeOf(name) });
  }
  if (!files.some((f) => f.name === 'master.m3u8')) throw new Error('rendition without master.m3u8');
  const manifest: RenditionManifest = { version: LADDER_VERSION, ...meta, files, createdAt: now };
  const bytes = Buffer.from(JSON.stringify(manifest));
  if (signal?.aborted) throw signal.reason;
  await store.put(manifestKey(storageKey), Readable.from([bytes]), bytes.length);
  return manifest;
}

/** The manifest of a whole rendition, or null while there is none. */
export async function readManifest(store: ObjectStore, storageKey: string): Promise<RenditionManifest | null> {
  const key = manifestKey(storageKey);
  const info = await store.stat(key);
  if (!info) return null;
  return JSON.parse((await readStored(store, key, info.size)).toString('utf8')) as RenditionManifest;
}

/** Every key of a content's rendition (for removal with the content): the files, then the manifest. */
export async function renditionKeysOf(store: ObjectStore, storageKey: string): Promise<string[]> {
  const manifest = await readManifest(store, storageKey).catch(() => null);
  if (!manifest) return [];
  return [...manifest.files.map((f) => f.key), manifestKey(storageKey)];
}
