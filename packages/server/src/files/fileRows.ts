/** Row shapes of the file tables and their mapping from raw SQL rows (bigint columns through Number()). */

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
}

export interface ChunkRow {
  index: number;
  size: number;
  sha256: string;
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
  contentSha256: string;
  offset: number;
  length: number;
  expiresAt: number;
}

export type Raw = Record<string, unknown>;
export const num = (v: unknown) => Number(v);

export const uploadOf = (r: Raw): UploadRow => ({
  id: num(r.id),
  userId: String(r.user_id),
  fileMd5: String(r.file_md5),
  totalSize: num(r.total_size),
  extension: String(r.extension),
  fileName: String(r.file_name),
  chunkSize: num(r.chunk_size),
  chunks: num(r.chunks),
  state: r.state as UploadRow['state'],
  supportSourceFlag: num(r.support_source_flag),
  businessCode: (r.business_code as string | null) ?? null,
  updatedAt: num(r.updated_at),
});

export const contentOf = (r: Raw, prefix = ''): ContentRow => ({
  sha256: String(r[`${prefix}sha256`]),
  md5: String(r[`${prefix}md5`]),
  size: num(r[`${prefix}size`]),
  store: r[`${prefix}store`] as ContentRow['store'],
  storageKey: String(r[`${prefix}storage_key`]),
  mime: String(r[`${prefix}mime`]),
});

export const FILE_INFO_SELECT = `SELECT f.*, c.sha256 AS c_sha256, c.md5 AS c_md5, c.size AS c_size, c.store AS c_store,
  c.storage_key AS c_storage_key, c.mime AS c_mime
  FROM file_infos f JOIN file_contents c ON c.sha256 = f.content_sha256`;

export const fileInfoOf = (r: Raw): FileInfoRow => ({
  id: num(r.id),
  userId: String(r.user_id),
  fileName: String(r.file_name),
  extension: String(r.extension),
  categoryCode: num(r.category_code),
  supportSourceFlag: num(r.support_source_flag),
  businessCode: (r.business_code as string | null) ?? null,
  createdAt: num(r.created_at),
  content: contentOf(r, 'c_'),
});

