import { enumOf, type EnumEntry } from './enum.js';

/** File category codes (spec §3), as the server's file config assigns them to extensions. */
export const FileCategories = enumOf('FileCategory', [
  { value: 1, label: '图片', labelEn: 'Picture' },
  { value: 2, label: '视频', labelEn: 'Video' },
  { value: 3, label: '音频', labelEn: 'Audio' },
  { value: 4, label: '动画', labelEn: 'Animation' },
  { value: 5, label: '文本', labelEn: 'Text' },
  { value: 6, label: '演示文稿', labelEn: 'Presentation' },
  { value: 7, label: '压缩包', labelEn: 'Archive' },
  { value: 8, label: '可执行文件', labelEn: 'Executable' },
  { value: 9, label: '其他', labelEn: 'Other' },
  { value: 10, label: 'Scratch', labelEn: 'Scratch' },
] as const satisfies readonly EnumEntry<number>[]);

export type ResourceKind = 'picture' | 'video' | 'audio' | 'text' | 'scratch' | 'animation' | 'other';

const KIND_BY_EXTENSION: Readonly<Record<string, ResourceKind>> = Object.freeze({
  ...spread(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg'], 'picture'),
  ...spread(['mp4', 'm4v', 'mov', 'avi', 'wmv', 'flv', 'mkv', 'webm', 'mpg', 'mpeg', '3gp', 'ts', 'mts', 'm2ts'], 'video'),
  ...spread(['mp3', 'wav', 'aac', 'm4a', 'ogg', 'wma', 'flac'], 'audio'),
  ...spread(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt', 'wps', 'rtf'], 'text'),
  ...spread(['sb', 'sb2', 'sb3'], 'scratch'),
  ...spread(['swf', 'fla', 'h5'], 'animation'),
});

/** What the player and the lists treat a file as, by its extension (with or without the dot). */
export function resourceKindOf(fileNameOrExtension: string): ResourceKind {
  const extension = fileNameOrExtension.toLowerCase().split('.').pop() ?? '';
  return KIND_BY_EXTENSION[extension] ?? 'other';
}

function spread(extensions: readonly string[], kind: ResourceKind): Record<string, ResourceKind> {
  return Object.fromEntries(extensions.map((extension) => [extension, kind]));
}
