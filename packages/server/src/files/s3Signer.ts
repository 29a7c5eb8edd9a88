/**
 * AWS Signature Version 4 for S3 requests (header form), by `aws4` (the signer many S3 and AWS clients
 * share; no SDK). Payloads are sent as UNSIGNED-PAYLOAD so a file can stream without a first pass to
 * hash it; TLS protects it in transit and the service verifies the MD5 itself.
 */
import aws4, { type Request } from 'aws4';

export interface SignInput {
  method: string;
  /** Already URI-encoded path, e.g. `/bucket/ab/cd/key`. */
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
  payloadHash: string;
  accessKey: string;
  secretKey: string;
  region: string;
  service?: string;
  /** `YYYYMMDDTHHMMSSZ`. */
  amzDate: string;
}

/** RFC 3986 encoding as S3 wants it (encodeURIComponent leaves !'()* alone). */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function amzDateOf(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** aws4 reads this option (its typings omit it): headers to sign although aws4 skips them by default (`range`). */
type SignedRequest = Request & { extraHeadersToInclude?: Record<string, boolean> };

/**
 * Returns the `Authorization` header value, signing every header given; `headers` must include host,
 * x-amz-date and x-amz-content-sha256 (aws4 then adds none of its own).
 */
export function signV4(input: SignInput): string {
  const headers: Record<string, string> = { ...input.headers, 'x-amz-content-sha256': input.payloadHash, 'x-amz-date': input.amzDate };
  const query = new URLSearchParams(input.query ?? {}).toString();
  const request: SignedRequest = {
    method: input.method,
    host: headers.host,
    path: query ? `${input.path}?${query}` : input.path,
    service: input.service ?? 's3',
    region: input.region,
    headers,
    extraHeadersToInclude: Object.fromEntries(Object.keys(headers).map((name) => [name.toLowerCase(), true])),
  };
  aws4.sign(request, { accessKeyId: input.accessKey, secretAccessKey: input.secretKey });
  return String(request.headers!.Authorization);
}
