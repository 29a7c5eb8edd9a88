/** File categories of the platform (spec §3: fileCategoryCode 1–10). */
export type FileCategory =
  | 'picture'
  | 'video'
  | 'audio'
  | 'animation'
  | 'text'
  | 'ppt'
  | 'compress'
  | 'exe'
  | 'other'
  | 'scratch';

export const FILE_CATEGORY_BY_CODE: Readonly<Record<number, FileCategory>> = Object.freeze({
  1: 'picture',
  2: 'video',
  3: 'audio',
  4: 'animation',
  5: 'text',
  6: 'ppt',
  7: 'compress',
  8: 'exe',
  9: 'other',
  10: 'scratch',
});

/** One row of the server's `extensions` list (`GET /file/v1/file/config`). */
export interface ExtensionCategory {
  extension: string;
  fileCategoryCode: number | string;
}

/** Used only when the server's list does not name an extension; the server's list always wins. */
const FALLBACK: Readonly<Record<string, FileCategory>> = Object.freeze({
  jpg: 'picture', jpeg: 'picture', png: 'picture', gif: 'picture', bmp: 'picture', webp: 'picture',
  mp4: 'video', mov: 'video', avi: 'video', flv: 'video', wmv: 'video', mkv: 'video', m4v: 'video', webm: 'video',
  mp3: 'audio', wav: 'audio', aac: 'audio', m4a: 'audio', ogg: 'audio', flac: 'audio', wma: 'audio',
  swf: 'animation',
  txt: 'text', pdf: 'text', doc: 'text', docx: 'text', xls: 'text', xlsx: 'text',
  ppt: 'ppt', pptx: 'ppt',
  zip: 'compress', rar: 'compress', '7z': 'compress',
  exe: 'exe',
  sb2: 'scratch', sb3: 'scratch',
});

export function categoryOf(extension: string, table: readonly ExtensionCategory[] = []): FileCategory {
  const ext = extension.toLowerCase();
  const row = table.find((item) => item.extension.replace(/^\./, '').toLowerCase() === ext);
  const fromServer = row ? FILE_CATEGORY_BY_CODE[Number(row.fileCategoryCode)] : undefined;
  return fromServer ?? FALLBACK[ext] ?? 'other';
}

/** The category a browser's MIME type speaks for, where it speaks clearly enough to contradict a name. */
export function categoryOfMime(type: string): FileCategory | undefined {
  const major = type.split('/')[0]?.toLowerCase();
  if (major === 'image') return 'picture';
  if (major === 'video') return 'video';
  if (major === 'audio') return 'audio';
  return undefined;
}
