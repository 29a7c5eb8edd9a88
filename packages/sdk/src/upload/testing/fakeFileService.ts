import { createHash } from 'node:crypto';
import type { TransportResponse, UploadTransport } from '../transport.js';
import type { FakeNetwork } from './fakeNetwork.js';

/** One request as the fake server saw it. */
export interface SeenRequest {
  kind: 'exist' | 'block' | 'status' | 'signature' | 'objectStore' | 'cloudSave';
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
        return ok({ existsFlag: 1, fileInfoId: file.fileInfoId, fileInfo: fileInfo(fileMd5!) });
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
      if (failure.failure === 'network') throw new TypeError('Failed to fetch');
      return failure.failure;
    }
    switch (request.kind) {
      case 'exist':
        return exist(request);
      case 'status':
        return status(request);
      case 'block':
        return block(request, form!);
      case 'signature':
        return ok({ keyPrefix: 'cloud/2026/', actuallyFileName: `${request.body.fileMd5}.bin`, contentType: 'application/octet-stream', policy: 'cG9saWN5', signature: 'c2ln', accessKey: 'AK', action: 'https://bucket.example.com/' });
      case 'objectStore': {
        objects.set(form!.get('key') as string, new Uint8Array(await (form!.get('file') as Blob).arrayBuffer()));
        return { status: 204, body: undefined };
      }
      case 'cloudSave': {
        const bytes = objects.get(request.body.objectKey as string);
        if (!bytes || md5(bytes) !== request.body.fileMd5) return { status: 422, body: { status: 4220001, message: '文件校验失败' } };
        stored.set(request.body.fileMd5 as string, { bytes, fileInfoId: nextId++, owners: new Set([request.headers.Authorization ?? 'anonymous']) });
        return ok(fileInfo(request.body.fileMd5 as string));
      }
    }
  }

  const kindOf = (url: string): SeenRequest['kind'] =>
    url.endsWith('/file/exist') ? 'exist'
    : url.endsWith('/file/block') ? 'block'
    : url.endsWith('/upload/status') ? 'status'
    : url.endsWith('/signature/info') ? 'signature'
    : url.endsWith('/cloud/save') ? 'cloudSave'
    : 'objectStore';

  const lineDown = (url: string) => {
    if (!network || network.reachable) return;
    network.lost.push(kindOf(url));
    throw new TypeError('Failed to fetch');
  };

  const transport: UploadTransport = {
    async postJson(url, body, init) {
      lineDown(url);
      const request: SeenRequest = { kind: kindOf(url), url, headers: init.headers, body: body as Record<string, unknown> };
      seen.push(request);
      return answer(request);
    },
    async postForm(url, form, init) {
      lineDown(url);
      const fields: Record<string, unknown> = {};
      form.forEach((value, key) => (fields[key] = typeof value === 'string' ? value : `<${(value as Blob).size} bytes>`));
      const request: SeenRequest = { kind: kindOf(url), url, headers: init.headers, body: fields };
      seen.push(request);
      const size = (form.get('file') as Blob | null)?.size ?? 0;
      init.onProgress?.(Math.floor(size / 2), size);
      await hold?.(request);
      if (init.signal?.aborted) {
        const error = new Error('Aborted');
        error.name = 'AbortError';
        throw error;
      }
      const response = await answer(request, form);
      init.onProgress?.(size, size);
      return response;
    },
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
