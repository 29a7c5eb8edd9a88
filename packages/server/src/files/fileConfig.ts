/**
 * The upload configuration clients load before offering an upload (spec §3 "server file config",
 * §9 limits). Category codes are those of spec §3: 1 picture … 10 scratch.
 */
export const FileCategory = {
  PICTURE: 1,
  VIDEO: 2,
  AUDIO: 3,
  ANIMATION: 4,
  TEXT: 5,
  PPT: 6,
  COMPRESS: 7,
  EXE: 8,
  OTHER: 9,
  SCRATCH: 10,
} as const;

const BY_CATEGORY: ReadonlyArray<[number, string[]]> = [
  [FileCategory.PICTURE, ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']],
  // Cameras and phones (MP4, MOV, 3GP), classroom recorders (AVI, WMV, FLV, MKV, MPEG-TS as .ts/.mts/.m2ts).
  [FileCategory.VIDEO, ['mp4', 'm4v', 'mov', 'avi', 'wmv', 'flv', 'mkv', 'webm', 'mpg', 'mpeg', '3gp', 'ts', 'mts', 'm2ts']],
  [FileCategory.AUDIO, ['mp3', 'wav', 'aac', 'm4a', 'ogg', 'wma', 'flac']],
  [FileCategory.ANIMATION, ['swf']],
  [FileCategory.TEXT, ['doc', 'docx', 'pdf', 'txt', 'xls', 'xlsx', 'wps', 'rtf', 'json']],
  [FileCategory.PPT, ['ppt', 'pptx', 'pps', 'ppsx']],
  [FileCategory.COMPRESS, ['zip', 'rar', '7z']],
  [FileCategory.SCRATCH, ['sb3', 'sb2']],
];

export interface FileExtension {
  extension: string;
  fileCategoryCode: number;
}

export interface FileConfig {
  /** Comma-separated lower-case extensions an upload may have. */
  uploadExtensions: string;
  /** Bytes per chunk. */
  uploadChunkSize: number;
  /** Largest upload, in MB. */
  uploadMaxSize: number;
  /** Largest video a phone may upload, in MB. */
  mobileUploadVideoMaxSize: number;
  /** Path under which `/{fileInfoId}` downloads a stored file. */
  fileServerPath: string;
  extensions: FileExtension[];
  /**
   * Whether this server transcodes uploaded videos for streaming (docs/video.md): a lesson then takes
   * any video format above, else the spec's H.264 MP4 only (the uploader's `requireH264`).
   */
  videoTranscode: boolean;
}

/** `chunkSize`: the configured chunk size (UPLOAD_CHUNK_SIZE_MB, default 10 MB). */
export function fileConfig(chunkSize = 10_485_760, videoTranscode = false): FileConfig {
  const extensions = BY_CATEGORY.flatMap(([code, list]) => list.map((extension) => ({ extension, fileCategoryCode: code })));
  return {
    uploadExtensions: extensions.map((e) => e.extension).join(','),
    uploadChunkSize: chunkSize,
    uploadMaxSize: 2048,
    mobileUploadVideoMaxSize: 180,
    fileServerPath: '/file/v1/file/download',
    extensions,
    videoTranscode,
  };
}
