/** Row shapes of the file tables as the file service uses them (fileRepo.ts reads and writes them). */

export interface UploadRow {
  id: number;
  userId: string;
  fileMd5: string;
  totalSize: number;
  extension: string;
  fileName: string;
  chunkSize: number;
  chunks: number;
  state: 'receiving' | 'assembling' | 'complete';
  supportSourceFlag: number;
  businessCode: string | null;
  updatedAt: number;
  /** The S3 multipart upload holding the chunks; null on disk storage or before the first chunk. */
  storeUploadId: string | null;
}

export interface ChunkRow {
  index: number;
  size: number;
  sha256: string;
  /** The S3 part's ETag; null on disk storage. */
  etag?: string | null;
}

export interface ContentRow {
  sha256: string;
  md5: string;
  size: number;
  store: 'local' | 's3';
  storageKey: string;
  mime: string;
}

export interface FileInfoRow {
  id: number;
  userId: string;
  fileName: string;
  extension: string;
  categoryCode: number;
  supportSourceFlag: number;
  businessCode: string | null;
  createdAt: number;
  content: ContentRow;
}

export interface ChallengeRow {
  id: string;
  md5: string;
  /** Null for a decoy: nothing answers it. */
  contentSha256: string | null;
  offset: number;
  length: number;
  expiresAt: number;
}
