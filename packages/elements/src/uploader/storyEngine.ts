import { createPlatform } from '@dscloud/sdk';
import { createFakeServer, createMemoryStorage, ok } from '@dscloud/sdk/testing';
import { createMemoryResumeStore, type HashRunner, type UploadTransport } from '@dscloud/sdk/upload';
import type { Platform } from '../shared/platformRegistry.js';
import type { UploaderEngineSeams } from './useUploaderEngine.js';

/** How the fake server and hasher behave for one story. */
export interface StoryScenario {
  /** Hashing stops at this share of the file and stays there. */
  hashStallAt?: number;
  /** The server already holds the bytes (秒传). */
  exists?: boolean;
  /** Chunks after this many stall part-way and trickle on: "uploading" with speed and time left. */
  stallAfterChunks?: number;
  /** Every chunk is refused with this catalogue code (HTTP 403). */
  refuseWith?: number;
  /** The MP4 parser never loads: the file stays in 检查视频编码. */
  mp4Pending?: boolean;
  /** The line drops after this many chunks and stays down: the file waits in 网络已断开. */
  offlineAfterChunks?: number;
}

const never = () => new Promise<never>(() => undefined);
type Answer = { status: number; body: unknown };
const envelope = (data: unknown): Answer => ({ status: 200, body: { status: 200, message: '成功', data } });
const aborted = () => Object.assign(new Error('Aborted'), { name: 'AbortError' });

/** A stand-in MD5: stable per name and size, so a story run twice looks the same. */
function fakeMd5(text: string): string {
  let out = '';
  for (let round = 0; round < 4; round++) {
    let hash = 0x811c9dc5 ^ round;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    out += (hash >>> 0).toString(16).padStart(8, '0');
  }
  return out;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(aborted())), { once: true });
  });
}

function fakeHashRunner(scenario: StoryScenario): HashRunner {
  return {
    async md5(source, job = {}) {
      const start = job.start ?? 0;
      const end = job.end ?? source.size;
      const full = start === 0 && end === source.size;
      if (full && scenario.hashStallAt !== undefined) {
        job.onProgress?.(Math.ceil(source.size * scenario.hashStallAt), source.size);
        return never();
      }
      if (full) for (let step = 1; step <= 4; step++) {
        await sleep(60, job.signal);
        job.onProgress?.(Math.floor((source.size * step) / 4), source.size);
      }
      return fakeMd5(`${source.name}:${source.size}:${start}:${end}`);
    },
  };
}

/** The fake file service at the engine's transport seam (an axios adapter, as the browser's XHR would be). */
function fakeTransport(scenario: StoryScenario, line: { down: boolean }): UploadTransport {
  let chunksSeen = 0;
  const answerJson = (url: string, request: { fileMd5: string; fileName: string; chunkSize?: number }): Answer => {
    const fileInfo = { fileInfoId: 4242, fileMd5: request.fileMd5, fileName: request.fileName };
    if (url.endsWith('/v1/file/exist')) return envelope(scenario.exists ? { existsFlag: 1, fileInfoId: 4242, fileInfo } : { existsFlag: 0, fileInfoId: -1 });
    if (url.endsWith('/upload/status')) return envelope({ fileInfoId: 4242, chunkSize: request.chunkSize, chunks: 0, received: [] });
    return { status: 404, body: { status: 404, message: 'not in this story' } };
  };
  const answerForm = async (form: FormData, signal: AbortSignal | undefined, onProgress: (loaded: number, total: number) => void): Promise<Answer> => {
    if (scenario.refuseWith) return { status: 403, body: { status: scenario.refuseWith, message: '', data: null } };
    const size = (form.get('file') as Blob).size;
    const index = Number(form.get('chunk'));
    const last = index === Number(form.get('chunks')) - 1;
    chunksSeen += 1;
    if (scenario.stallAfterChunks !== undefined && chunksSeen > scenario.stallAfterChunks) {
      // Bytes keep trickling out so speed and time left are real numbers, but the chunk never ends.
      for (let sent = 0; ; sent = Math.min(size * 0.9, sent + size / 40)) {
        onProgress(sent, size);
        await sleep(250, signal);
      }
    }
    onProgress(size, size);
    await sleep(40, signal);
    const fileInfo = { fileInfoId: 4242, fileMd5: form.get('fileMd5'), fileName: form.get('fileName') };
    return envelope(last ? { fileInfoId: 4242, fileInfo } : { fileInfoId: 4242 });
  };
  return async (config) => {
    const url = config.url ?? '';
    const form = config.data instanceof FormData ? config.data : undefined;
    if (form && chunksSeen === scenario.offlineAfterChunks) line.down = true;
    if (line.down) throw new TypeError('Failed to fetch');
    const signal = config.signal as AbortSignal | undefined;
    const answer = form
      ? await answerForm(form, signal, (loaded, total) => config.onUploadProgress?.({ loaded, total, bytes: loaded, lengthComputable: true }))
      : answerJson(url, JSON.parse(String(config.data)) as { fileMd5: string; fileName: string; chunkSize?: number });
    return { data: JSON.stringify(answer.body), status: answer.status, statusText: String(answer.status), headers: {}, config, request: {} };
  };
}

/** The engine's seams for one story: fake hasher, fake file service, memory resume store. */
export function storySeams(scenario: StoryScenario = {}): UploaderEngineSeams {
  const line = { down: false };
  return {
    hashRunner: fakeHashRunner(scenario),
    transport: fakeTransport(scenario, line),
    // The story's line never comes back, so the browser never says `online`.
    network: { online: () => !line.down, onOnline: () => () => undefined },
    resumeStore: createMemoryResumeStore(),
    retryDelays: [],
    restartDelayMs: 50,
    ...(scenario.mp4Pending ? { loadMp4Box: never } : {}),
  };
}

/** A platform whose file config comes from memory: extensions, 2048 MB limit, 5 MB chunks. */
export function storyUploadPlatform(): Platform {
  const list = ['mp4', 'mov', 'jpg', 'png', 'mp3', 'pdf', 'docx', 'pptx', 'zip'];
  const category: Record<string, number> = { mp4: 2, mov: 2, jpg: 1, png: 1, mp3: 3, pdf: 5, docx: 5, pptx: 6, zip: 7 };
  const server = createFakeServer().on('GET', '/file/v1/file/config', () =>
    ok({
      uploadExtensions: list.join(','),
      uploadChunkSize: 5 * 1024 * 1024,
      uploadMaxSize: 2048,
      mobileUploadVideoMaxSize: 180,
      fileServerPath: '/file/v1/file/download',
      extensions: list.map((extension) => ({ extension, fileCategoryCode: category[extension] })),
    }),
  );
  return createPlatform({ apiBase: '', adapter: server.adapter, storage: createMemoryStorage(), navigate: () => undefined });
}

/** A file of `megabytes` MB for a story; the fakes never read its bytes. */
export function storyFile(name: string, megabytes: number, type = ''): File {
  return new File([new Uint8Array(Math.round(megabytes * 1024 * 1024))], name, { type, lastModified: 1_767_225_600_000 });
}

/** Hands files to the uploader's input as a browser would after the picker closes. */
export function chooseFiles(root: ParentNode, files: File[]): void {
  const input = root.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input rendered');
  const transfer = new DataTransfer();
  files.forEach((file) => transfer.items.add(file));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
