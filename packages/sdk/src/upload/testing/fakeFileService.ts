import { createHash } from 'node:crypto';
import { AxiosError, AxiosHeaders, CanceledError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { FakeNetwork } from './fakeNetwork.js';

/** What the fake answers: the HTTP status and the body (serialised as JSON when it is not a string). */
interface TransportResponse {
  status: number;
  body: unknown;
}

/** One request as the fake server saw it. */
export interface SeenRequest {
  kind: 'exist' | 'block' | 'status' | 'cancel' | 'signature' | 'objectStore' | 'cloudSave';
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

type Failure = TransportResponse | 'network';
interface Partial {
  fileInfoId: number;
  chunkSize: number;
  chunks: number;
  totalSize: number;
  parts: Map<number, Uint8Array>;
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const ok = (data: unknown): TransportResponse => ({ status: 200, body: { status: 200, message: '成功', data } });

/**
 * An in-memory file service that behaves like the reference server's (docs/upload.md): chunk maps,
 * whole-file MD5 check, proof of possession, object-store form. The user is the Authorization header.
 * Behind `network`, nothing arrives while the line is down (the request is listed in `network.lost`).
 */
export function createFakeFileService({ network }: { network?: FakeNetwork } = {}) {
  const stored = new Map<string, { bytes: Uint8Array; fileInfoId: number; owners: Set<string> }>();
  const partials = new Map<string, Partial>();
  const challenges = new Map<string, { md5: string; offset: number; length: number }>();
  const objects = new Map<string, Uint8Array>();
  const seen: SeenRequest[] = [];
  const statusAnswers: number[][] = [];
  const failures: Array<{ when: (request: SeenRequest) => boolean; failure: Failure; times: number }> = [];
  let nextId = 100;
  let hold: ((request: SeenRequest) => Promise<void> | undefined) | undefined;

  const fileInfo = (hash: string) => {
    const file = stored.get(hash)!;
    return { fileInfoId: file.fileInfoId, fileMd5: hash, fileSize: file.bytes.byteLength };
  };

  function exist(request: SeenRequest): TransportResponse {
    const { fileMd5, challengeId, proof } = request.body as Record<string, string>;
    const user = request.headers.Authorization ?? 'anonymous';
    const file = stored.get(fileMd5!);
    if (!file) return ok({ existsFlag: 0, fileInfoId: -1 });
    if (file.owners.has(user)) return ok({ existsFlag: 1, fileInfoId: file.fileInfoId, fileInfo: fileInfo(fileMd5!) });
    const challenge = challengeId ? challenges.get(challengeId) : undefined;
    if (challenge && challenge.md5 === fileMd5) {
      challenges.delete(challengeId!);
      const expected = md5(file.bytes.subarray(challenge.offset, challenge.offset + challenge.length));
      if (proof === expected) {
        file.owners.add(user);
        return ok({ existsFlag: 1, fileInfoId: file.fileInfoId, fileInfo: fileInfo(fileMd5) });
      }
      return ok({ existsFlag: 0, fileInfoId: -1 });
    }
    const length = Math.min(file.bytes.byteLength, 4096);
    const offset = Math.floor(Math.random() * (file.bytes.byteLength - length + 1));
    const id = `c${nextId++}`;
    challenges.set(id, { md5: fileMd5!, offset, length });
    return ok({ existsFlag: 0, fileInfoId: -1, challenge: { challengeId: id, offset, length } });
  }

  async function block(request: SeenRequest, form: FormData): Promise<TransportResponse> {
    const field = (name: string) => form.get(name) as string | null;
    const hash = field('fileMd5')!;
    const index = Number(field('chunk'));
    const chunks = Number(field('chunks'));
    const chunkSize = Number(field('chunkSize'));
    const totalSize = Number(field('totalSize'));
    const bytes = new Uint8Array(await (form.get('file') as Blob).arrayBuffer());
    let partial = partials.get(hash);
    const givenId = field('fileInfoId');
    if (!partial || partial.chunkSize !== chunkSize) {
      if (givenId !== null) return { status: 409, body: { status: 4090006, message: '分片冲突，请重新上传' } };
      partial = { fileInfoId: nextId++, chunkSize, chunks, totalSize, parts: new Map() };
      partials.set(hash, partial);
    } else if (givenId === null && partial.parts.size > 0 && !partial.parts.has(index)) {
      return { status: 409, body: { status: 4090006, message: '分片冲突，请重新上传' } };
    }
    partial.parts.set(index, bytes);
    if (partial.parts.size < partial.chunks) return ok({ fileInfoId: partial.fileInfoId });
    const whole = new Uint8Array(totalSize);
    for (const [at, part] of partial.parts) whole.set(part, at * chunkSize);
    partials.delete(hash);
    if (md5(whole) !== hash) return { status: 422, body: { status: 4220001, message: '文件校验失败，请重新上传' } };
    const user = request.headers.Authorization ?? 'anonymous';
    const existing = stored.get(hash);
    if (existing) existing.owners.add(user);
    else stored.set(hash, { bytes: whole, fileInfoId: partial.fileInfoId, owners: new Set([user]) });
    return ok({ fileInfoId: stored.get(hash)!.fileInfoId, fileInfo: fileInfo(hash) });
  }

  function status(request: SeenRequest): TransportResponse {
    const hash = request.body.fileMd5 as string;
    if (stored.has(hash) && stored.get(hash)!.owners.has(request.headers.Authorization ?? 'anonymous')) {
      const file = stored.get(hash)!;
      return ok({ fileInfoId: file.fileInfoId, chunkSize: request.body.chunkSize, chunks: 0, received: [], fileInfo: fileInfo(hash) });
    }
    const partial = partials.get(hash);
    statusAnswers.push(partial ? [...partial.parts.keys()] : []);
    if (!partial) return ok({ fileInfoId: -1, chunkSize: request.body.chunkSize, chunks: 0, received: [] });
    return ok({ fileInfoId: partial.fileInfoId, chunkSize: partial.chunkSize, chunks: partial.chunks, received: [...partial.parts.keys()].sort((a, b) => a - b) });
  }

  async function answer(request: SeenRequest, form?: FormData): Promise<TransportResponse> {
    const failure = failures.find((item) => item.times > 0 && item.when(request));
    if (failure) {
      failure.times -= 1;
      if (failure.failure === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
      return failure.failure;
    }
    switch (request.kind) {
      case 'exist':
        return exist(request);
      case 'status':
        return status(request);
      case 'cancel':
        return ok({ cancelled: partials.delete(request.body.fileMd5 as string) });
      case 'block':
        return block(request, form!);
      case 'signature':
        return ok({ keyPrefix: 'cloud/2026/', actuallyFileName: `${String(request.body.fileMd5)}.bin`, contentType: 'application/octet-stream', policy: 'cG9saWN5', signature: 'c2ln', accessKey: 'AK', action: 'https://bucket.example.com/' });
      case 'objectStore': {
        objects.set(form!.get('key') as string, new Uint8Array(await (form!.get('file') as Blob).arrayBuffer()));
        return { status: 204, body: undefined };
      }
      case 'cloudSave': {
        const bytes = objects.get(request.body.objectKey as string);
        if (!bytes || md5(bytes) !== request.body.fileMd5) return { status: 422, body: { status: 4220001, message: '文件校验失败' } };
        stored.set(request.body.fileMd5, { bytes, fileInfoId: nextId++, owners: new Set([request.headers.Authorization ?? 'anonymous']) });
        return ok(fileInfo(request.body.fileMd5));
      }
    }
  }

  const kindOf = (url: string): SeenRequest['kind'] =>
    url.endsWith('/file/exist') ? 'exist'
    : url.endsWith('/file/block') ? 'block'
    : url.endsWith('/upload/status') ? 'status'
    : url.endsWith('/upload/cancel') ? 'cancel'
    : url.endsWith('/signature/info') ? 'signature'
    : url.endsWith('/cloud/save') ? 'cloudSave'
    : 'objectStore';

  const lineDown = (url: string, config: InternalAxiosRequestConfig) => {
    if (!network || network.reachable) return;
    network.lost.push(kindOf(url));
    throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  };

  /** The engine's transport seam: an axios adapter standing in for the browser's XHR. */
  const transport: AxiosAdapter = async (config) => {
    const url = /^https?:/.test(config.url ?? '') ? config.url! : `${config.baseURL ?? ''}${config.url ?? ''}`;
    lineDown(url, config);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) if (value != null) headers[key] = String(value);
    const reply = (response: TransportResponse) => ({
      data: typeof response.body === 'string' || response.body === undefined ? (response.body ?? '') : JSON.stringify(response.body),
      status: response.status,
      statusText: String(response.status),
      headers: new AxiosHeaders({ 'content-type': 'application/json' }),
      config,
      request: {},
    });
    const data: unknown = config.data;
    if (!(data instanceof FormData)) {
      const request: SeenRequest = { kind: kindOf(url), url, headers, body: JSON.parse(String(data)) as Record<string, unknown> };
      seen.push(request);
      return reply(await answer(request));
    }
    const fields: Record<string, unknown> = {};
    data.forEach((value, key) => (fields[key] = typeof value === 'string' ? value : `<${(value as Blob).size} bytes>`));
    const request: SeenRequest = { kind: kindOf(url), url, headers, body: fields };
    seen.push(request);
    const size = (data.get('file') as Blob | null)?.size ?? 0;
    const progress = (loaded: number) => config.onUploadProgress?.({ loaded, total: size, bytes: loaded, lengthComputable: true });
    progress(Math.floor(size / 2));
    await hold?.(request);
    if (config.signal?.aborted) throw new CanceledError(undefined, undefined, config);
    const response = await answer(request, data);
    progress(size);
    return reply(response);
  };

  return {
    transport,
    seen,
    /** `received` of every chunk map the server gave out. */
    statusAnswers,
    stored,
    partials,
    objects,
    /** Answers the next `times` matching requests with `failure` instead. */
    fail(when: (request: SeenRequest) => boolean, failure: Failure, times = 1) {
      failures.push({ when, failure, times });
    },
    /** Holds form posts until the returned promise settles (to pause or cancel mid-chunk). */
    holdForms(gate: typeof hold) {
      hold = gate;
    },
    chunksSent: () => seen.filter((request) => request.kind === 'block').map((request) => Number(request.body.chunk)),
  };
}

export type FakeFileService = ReturnType<typeof createFakeFileService>;
