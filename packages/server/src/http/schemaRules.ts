/**
 * Rules every request schema obeys, applied once to each route as it is registered (so no route can
 * forget them) and checked by ajv:
 *
 * - Objects admit only the properties they name: unknown ones are removed before a handler sees
 *   them (ajv's `removeAdditional` with `additionalProperties: false` added where a schema says
 *   nothing), so no cache key, log line or stored row can be built from them.
 * - Text (`storableText`): no NUL character and no lone UTF-16 surrogate, which PostgreSQL refuses.
 * - Integers (`storableInteger`): within what the column holds — a 32-bit integer unless the schema
 *   names its own bounds, and never beyond what a JSON number carries exactly.
 *
 * Both value rules answer 4200005 naming the field (http/validationMessage.ts).
 */
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from './appError.js';

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** Instants in milliseconds (bigint columns): up to the year 3000. */
export const EPOCH_MS_MAX = 32_503_680_000_000;
/** Byte counts of files (bigint columns): up to 1 PiB. */
export const BYTE_COUNT_MAX = 2 ** 50;
/** `pageNum` / `pageSize` of every paged call. */
export const pageProps = {
  pageNum: { type: 'integer', minimum: 1, maximum: 100_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100 },
} as const;

export const epochMsSchema = { type: 'integer', minimum: 0, maximum: EPOCH_MS_MAX } as const;
export const byteCountSchema = { type: 'integer', minimum: 0, maximum: BYTE_COUNT_MAX } as const;

/** Why a text cannot be stored, or undefined when it can. */
export function textProblem(text: string): 'nul' | 'surrogate' | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return 'nul';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return 'surrogate';
    } else if (c >= 0xdc00 && c <= 0xdfff) return 'surrogate';
  }
  return undefined;
}

/** The text rule for values read outside a JSON schema (multipart fields): throws 4200005 naming the field. */
export function checkStorableText(field: string, text: string | undefined): void {
  const problem = text === undefined ? undefined : textProblem(text);
  if (problem) {
    throw new AppError(Codes.MISSING_PARAMETER, `参数 ${field} 含有无法保存的字符（${problem === 'nul' ? '空字符 NUL' : '不成对的 UTF-16 代理字符'}）`, { field });
  }
}

interface KeywordError {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}
type KeywordValidate<Schema = unknown> = ((schema: Schema, data: unknown) => boolean) & { errors?: KeywordError[] | null };

interface AjvLike {
  addKeyword(definition: { keyword: string; schemaType?: string; errors?: boolean; validate: KeywordValidate<never> }): unknown;
}

const storableText: KeywordValidate = (_schema: unknown, data: unknown) => {
  if (typeof data !== 'string') return true;
  const problem = textProblem(data);
  storableText.errors = problem ? [{ keyword: 'storableText', message: problem, params: { problem } }] : null;
  return !problem;
};

const storableInteger: KeywordValidate<[number, number]> = (bounds: [number, number], data: unknown) => {
  if (typeof data !== 'number') return true;
  const [min, max] = bounds;
  const fits = Number.isSafeInteger(data) && data >= min && data <= max;
  storableInteger.errors = fits ? null : [{ keyword: 'storableInteger', message: 'out of range', params: { min, max } }];
  return fits;
};

/** The ajv plugin that teaches the server's validator the two value rules. */
export function storableKeywords(ajv: AjvLike): AjvLike {
  ajv.addKeyword({ keyword: 'storableText', schemaType: 'boolean', errors: true, validate: storableText });
  ajv.addKeyword({ keyword: 'storableInteger', schemaType: 'array', errors: true, validate: storableInteger });
  return ajv;
}

const SUB_SCHEMA = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'] as const;
const SUB_SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUB_SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'] as const;

/** A copy of `schema` with the rules above added wherever it does not say otherwise. */
export function hardenSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(hardenSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  for (const key of SUB_SCHEMA) if (out[key] && typeof out[key] === 'object') out[key] = hardenSchema(out[key]);
  for (const key of SUB_SCHEMA_LISTS) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(hardenSchema);
  for (const key of SUB_SCHEMA_MAPS) {
    const map = out[key] as Record<string, unknown> | undefined;
    if (map && typeof map === 'object') out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, hardenSchema(v)]));
  }
  const types = Array.isArray(out.type) ? (out.type as string[]) : [out.type];
  if ((types.includes('object') || out.properties) && out.additionalProperties === undefined && !out.patternProperties) {
    out.additionalProperties = false;
  }
  if (types.includes('string') || (out.type === undefined && out.pattern)) out.storableText = true;
  if (types.includes('integer')) {
    out.storableInteger = [
      out.minimum === undefined ? INT32_MIN : Number.MIN_SAFE_INTEGER,
      out.maximum === undefined ? INT32_MAX : Number.MAX_SAFE_INTEGER,
    ];
  }
  return out;
}

const REQUEST_PARTS = ['body', 'querystring', 'params'] as const;

/** Hardens the request parts of a route's schema in place (response and header schemas are left alone). */
export function hardenRouteSchema(schema: Record<string, unknown> | undefined): void {
  if (!schema) return;
  for (const part of REQUEST_PARTS) if (schema[part]) schema[part] = hardenSchema(schema[part]);
}
