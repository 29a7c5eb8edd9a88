import { fileIoFailed } from './uploadIssue.js';

/**
 * Where the bytes come from. A browser `File` is the usual source; tests and other hosts (a device
 * bridge, Node) supply their own.
 */
export interface FileSource {
  readonly name: string;
  readonly size: number;
  readonly type: string;
  readonly lastModified: number;
  /** Bytes `[start, end)`. May reject when the file was moved or changed after it was chosen. */
  read(start: number, end: number): Promise<Uint8Array>;
  /** The same bytes as a Blob, without copying them, when the source is a Blob. */
  blob?(start: number, end: number): Blob;
  /** The whole source as a Blob, so a Web Worker can read it itself. */
  readonly file?: Blob;
}

/** Wraps a browser File (or any Blob with a name). */
export function fileSourceFromBlob(file: Blob & { name?: string; lastModified?: number }): FileSource {
  return {
    name: file.name ?? 'blob',
    size: file.size,
    type: file.type,
    lastModified: file.lastModified ?? 0,
    async read(start, end) {
      return new Uint8Array(await file.slice(start, end).arrayBuffer());
    },
    blob: (start, end) => file.slice(start, end),
    file,
  };
}

/** An in-memory source (tests, generated files). */
export function fileSourceFromBytes(
  bytes: Uint8Array,
  meta: { name: string; type?: string; lastModified?: number },
): FileSource {
  return {
    name: meta.name,
    size: bytes.byteLength,
    type: meta.type ?? '',
    lastModified: meta.lastModified ?? 0,
    read: async (start, end) => bytes.slice(start, end),
  };
}

export function isFileSource(value: unknown): value is FileSource {
  return typeof value === 'object' && value !== null && typeof (value as FileSource).read === 'function';
}

/** Reads a range, turning any failure of the host into 文件读写失败. */
export async function readRange(source: FileSource, start: number, end: number): Promise<Uint8Array> {
  try {
    return await source.read(start, end);
  } catch (error) {
    throw fileIoFailed(error);
  }
}

/** The range as a Blob for a multipart body: zero-copy for Blob sources, a read otherwise. */
export async function blobRange(source: FileSource, start: number, end: number): Promise<Blob> {
  if (source.blob) {
    try {
      return source.blob(start, end);
    } catch (error) {
      throw fileIoFailed(error);
    }
  }
  const bytes = await readRange(source, start, end);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' });
}
