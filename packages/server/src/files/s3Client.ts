/**
 * The few S3 calls the file service needs (PUT, GET with Range, HEAD, DELETE, server-side copy) over
 * node's own http/https, so a PUT can stream a file of known length with a real Content-Length.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import { amzDateOf, encodeRfc3986, signV4 } from './s3Signer.js';
import type { S3Settings } from './fileSettings.js';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

export class S3Error extends Error {
  constructor(
    readonly httpStatus: number,
    readonly s3Code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

export interface S3Request {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE' | 'POST';
  key: string;
  /** Query parameters (sub-resources such as `uploads`, `uploadId`, `partNumber`). */
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Readable | Buffer;
}

export class S3Client {
  private readonly base: URL;

  constructor(private readonly config: S3Settings) {
    this.base = new URL(config.endpoint);
  }

  /** Path-style `/bucket/key` or virtual-host `bucket.host/key`, per S3_FORCE_PATH_STYLE. */
  private target(key: string): { host: string; path: string } {
    const encodedKey = key.split('/').map(encodeRfc3986).join('/');
    const basePath = this.base.pathname.replace(/\/+$/, '');
    if (this.config.forcePathStyle) return { host: this.base.host, path: `${basePath}/${encodeRfc3986(this.config.bucket)}/${encodedKey}` };
    return { host: `${this.config.bucket}.${this.base.host}`, path: `${basePath}/${encodedKey}` };
  }

  /** The URL a browser form posts to for a direct upload into the bucket. */
  formActionUrl(): string {
    const { host, path } = this.target('');
    return `${this.base.protocol}//${host}${path}`;
  }

  /** One signed request; the answer's status is the caller's to check (s3Multipart.ts uses this too). */
  send(request: S3Request): Promise<IncomingMessage> {
    const target = this.target(request.key);
    const host = target.host;
    const query = new URLSearchParams(request.query ?? {}).toString().replace(/\+/g, '%20');
    const path = query ? `${target.path}?${query}` : target.path;
    const headers: Record<string, string> = {
      host,
      'x-amz-date': amzDateOf(Date.now()),
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      ...request.headers,
    };
    headers.authorization = signV4({
      method: request.method,
      path: target.path,
      query: request.query,
      headers,
      payloadHash: 'UNSIGNED-PAYLOAD',
      accessKey: this.config.accessKey,
      secretKey: this.config.secretKey,
      region: this.config.region,
      amzDate: headers['x-amz-date']!,
    });
    const transport = this.base.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = transport.request(
        { protocol: this.base.protocol, hostname: this.base.hostname, port: this.base.port || undefined, method: request.method, path, headers: { ...headers, host } },
        resolve,
      );
      req.on('error', (err: NodeJS.ErrnoException) =>
        // The bucket's server unreachable: 503, which the uploader retries, not a bare 500.
        reject(UNREACHABLE.has(err.code ?? '') ? new AppError(Codes.UNAVAILABLE, '对象存储暂不可用，请稍后重试', { cause: err }) : err),
      );
      if (Buffer.isBuffer(request.body)) req.end(request.body);
      else if (request.body) {
        const body = request.body;
        body.on('error', (err) => req.destroy(err));
        body.pipe(req);
      } else req.end();
    });
  }

  async fail(res: IncomingMessage, key: string): Promise<never> {
    let text = '';
    for await (const part of res) text += part;
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? `HTTP ${res.statusCode}`;
    throw new S3Error(res.statusCode ?? 0, code, `S3 ${code} for ${key}`);
  }

  async putObject(key: string, body: Readable, size: number, contentType = 'application/octet-stream'): Promise<void> {
    const res = await this.send({ method: 'PUT', key, body, headers: { 'content-length': String(size), 'content-type': contentType } });
    if (res.statusCode !== 200) return this.fail(res, key);
    res.resume();
  }

  async getObject(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const res = await this.send({ method: 'GET', key, headers });
    if (res.statusCode !== 200 && res.statusCode !== 206) return this.fail(res, key);
    return res;
  }

  async headObject(key: string): Promise<{ size: number; etag: string } | null> {
    const res = await this.send({ method: 'HEAD', key });
    res.resume();
    if (res.statusCode === 404) return null;
    if (res.statusCode !== 200) throw new S3Error(res.statusCode ?? 0, `HTTP ${res.statusCode}`, `S3 HEAD failed for ${key}`);
    return { size: Number(res.headers['content-length'] ?? 0), etag: String(res.headers.etag ?? '').replace(/"/g, '') };
  }

  async deleteObject(key: string): Promise<void> {
    const res = await this.send({ method: 'DELETE', key });
    if (res.statusCode !== 204 && res.statusCode !== 200 && res.statusCode !== 404) return this.fail(res, key);
    res.resume();
  }

  async copyObject(from: string, to: string): Promise<void> {
    const source = `/${this.config.bucket}/${from.split('/').map(encodeRfc3986).join('/')}`;
    const res = await this.send({ method: 'PUT', key: to, headers: { 'x-amz-copy-source': source, 'content-length': '0' } });
    // S3 can answer 200 with an <Error> body when a copy fails midway.
    let text = '';
    for await (const part of res) text += part;
    if (res.statusCode !== 200 || text.includes('<Error>')) {
      throw new S3Error(res.statusCode ?? 0, /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? 'CopyFailed', `S3 copy ${from} → ${to} failed`);
    }
  }
}
