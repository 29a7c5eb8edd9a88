/**
 * Browser form uploads signed by the platform (S3 "POST policy", v2 style as the spec's form fields
 * `policy`, `signature`, `AWSAccessKeyId` imply): the policy is base64 JSON naming the exact key, the
 * size range and an expiry; the signature is base64 HMAC-SHA1 of the policy with the secret key.
 * S3-compatible stores (OBS, MinIO, Ceph) check it themselves; the reference endpoint checks it here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';

export interface PolicyInput {
  key: string;
  bucket?: string;
  maxBytes: number;
  expiresAt: number;
}

type Condition = Record<string, string> | [string, string | number, string | number];

export function buildPolicy(input: PolicyInput): string {
  const conditions: Condition[] = [];
  if (input.bucket) conditions.push({ bucket: input.bucket });
  conditions.push(['eq', '$key', input.key], ['starts-with', '$Content-Type', ''], ['starts-with', '$Filename', ''], ['content-length-range', 1, input.maxBytes]);
  const document = { expiration: new Date(input.expiresAt).toISOString(), conditions };
  return Buffer.from(JSON.stringify(document), 'utf8').toString('base64');
}

export function signPolicy(policy: string, secret: string): string {
  return createHmac('sha1', secret).update(policy, 'utf8').digest('base64');
}

const refused = (why: string) => new AppError(Codes.FORBIDDEN, `上传签名校验失败：${why}`);

export interface CheckedPolicy {
  key: string;
  minBytes: number;
  maxBytes: number;
}

/** Checks signature, expiry and every field condition; the size range is enforced while reading the file. */
export function verifyPolicy(fields: Record<string, string>, accessKey: string, secret: string, now: number): CheckedPolicy {
  const { policy, signature, AWSAccessKeyId: givenKey } = fields;
  if (!policy || !signature || !givenKey) throw refused('缺少 policy、signature 或 AWSAccessKeyId 字段');
  const expected = Buffer.from(signPolicy(policy, secret));
  const given = Buffer.from(signature);
  if (givenKey !== accessKey || expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused('签名不正确');
  let document: { expiration?: string; conditions?: Condition[] };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    throw refused('policy 不是合法的 base64 JSON');
  }
  const expires = Date.parse(document.expiration ?? '');
  if (!Number.isFinite(expires) || expires < now) throw refused('上传策略已过期，请重新获取签名');
  let minBytes = 0;
  let maxBytes = -1;
  let key: string | undefined;
  for (const condition of document.conditions ?? []) {
    if (!Array.isArray(condition)) continue; // { bucket } names the bucket this endpoint stands for
    const [op, field, value] = condition;
    if (op === 'content-length-range') {
      minBytes = Number(field);
      maxBytes = Number(value);
      continue;
    }
    const name = String(field).replace(/^\$/, '');
    const actual = fields[name] ?? '';
    if (op === 'eq' && actual !== String(value)) throw refused(`字段 ${name} 与策略不符`);
    if (op === 'starts-with' && !actual.startsWith(String(value))) throw refused(`字段 ${name} 与策略不符`);
    if (op !== 'eq' && op !== 'starts-with') throw refused(`不支持的策略条件 ${String(op)}`);
    if (name === 'key') key = actual;
  }
  if (!key || maxBytes < 0) throw refused('策略缺少 key 或 content-length-range 条件');
  return { key, minBytes, maxBytes };
}
