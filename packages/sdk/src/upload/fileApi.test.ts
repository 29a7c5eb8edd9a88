import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../http/client.js';
import { createFileApi } from './fileApi.js';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = Buffer.concat(parts).toString('latin1');
      response.setHeader('Content-Type', 'application/json');
      if (request.url?.endsWith('/file/exist')) {
        response.end(JSON.stringify({ status: 200, data: { existsFlag: 0, fileInfoId: -1, echo: JSON.parse(Buffer.concat(parts).toString('utf8')), auth: request.headers.authorization } }));
      } else if (request.url?.endsWith('/file/block')) {
        const chunk = /name="chunk"\r\n\r\n(\d+)/.exec(body)?.[1];
        response.end(JSON.stringify({ status: 200, data: { fileInfoId: 9, chunk, type: request.headers['content-type'] } }));
      } else if (request.url?.endsWith('/upload/status')) {
        response.end(JSON.stringify({ status: 4090006, message: '分片冲突，请重新上传' }));
      } else {
        response.statusCode = 503;
        response.end('busy');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('file calls over the platform HTTP client and real HTTP', () => {
  const api = () => createFileApi(createHttpClient({ apiBase: base }), () => ({ public: true, headers: { Authorization: 'tok' } }));

  it('posts JSON with the session headers and unwraps the envelope', async () => {
    const answer = (await api().exist({ extension: 'zip', fileMd5: 'a'.repeat(32), fileName: '课件.zip', fileSize: 3 })) as unknown as Record<string, unknown>;
    expect(answer).toMatchObject({ existsFlag: 0, auth: 'tok', echo: { fileName: '课件.zip', fileSize: 3 } });
  });

  it('posts a multipart chunk and reports progress', async () => {
    const form = new FormData();
    form.append('chunk', '4');
    form.append('file', new Blob([new Uint8Array(1000)]), 'a.zip');
    const progress: number[] = [];
    const answer = (await api().postChunk(form, new AbortController().signal, (loaded) => progress.push(loaded))) as unknown as Record<string, unknown>;
    expect(answer).toMatchObject({ fileInfoId: 9, chunk: '4', type: expect.stringMatching(/^multipart\/form-data/) });
    expect(progress.length).toBeGreaterThan(0);
  });

  it('turns a business code into an error carrying it, and an HTTP failure into a retryable one', async () => {
    await expect(api().uploadStatus({ fileMd5: 'a', fileName: 'a', totalSize: 1, chunkSize: 1 })).rejects.toMatchObject({ code: 4090006, httpStatus: 409 });
    await expect(api().signature({ businessCode: 1, fileMd5: 'a', isDsidealFile: 1 })).rejects.toMatchObject({ code: 5000007, httpStatus: 503, messageZh: '文件上传失败，请稍后重试' });
  });

  it('reports an unreachable server as status 0', async () => {
    const offline = createFileApi(createHttpClient({ apiBase: 'http://127.0.0.1:9' }));
    await expect(offline.exist({ extension: 'a', fileMd5: 'a', fileName: 'a', fileSize: 1 })).rejects.toMatchObject({ code: 5000016, httpStatus: 0 });
  });
});
