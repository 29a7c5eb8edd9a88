/**
 * Turns the first JSON-schema failure into one sentence naming the field, Chinese first, so that a
 * caller reading only `message` knows what to fix.
 */
import type { FastifySchemaValidationError } from 'fastify';
import { Codes, type Locale } from '@dscloud/sdk/errors';

const TYPE_ZH: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: 'JSON 对象',
  array: '数组',
  null: '空值',
};

const PLACE_ZH: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };
const PLACE_EN: Record<string, string> = { body: 'request body', querystring: 'query', params: 'path', headers: 'headers' };

function fieldName(error: FastifySchemaValidationError): string {
  const parts = (error.instancePath ?? '').split('/').filter(Boolean);
  const name = parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (error.keyword === 'required' && missing) return name ? `${name}.${missing}` : missing;
  return name;
}

export interface ValidationAnswer {
  code: number;
  message: string;
  /** The parameter at fault (`grade`, `resources[1].title`); absent when the whole body is wrong. */
  field?: string;
}

export function describeValidation(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  locale: Locale,
): ValidationAnswer {
  const answer = describe(errors, context, locale);
  const error = errors[0];
  if (!error) return answer;
  const extra = error.keyword === 'additionalProperties' ? String((error.params as { additionalProperty?: unknown }).additionalProperty ?? '') : '';
  const parent = fieldName(error);
  const field = extra && parent ? `${parent}.${extra}` : extra || parent;
  return field ? { ...answer, field } : answer;
}

function describe(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  locale: Locale,
): ValidationAnswer {
  const error = errors[0];
  const place = context ?? 'body';
  if (!error) return { code: Codes.BAD_REQUEST, message: locale === 'en' ? 'Bad request' : '请求参数有误' };
  const field = fieldName(error);
  const params = error.params as Record<string, unknown>;
  const en = locale === 'en';
  const subject = field
    ? en
      ? `Parameter "${field}"`
      : `参数 ${field} `
    : en
      ? `The ${PLACE_EN[place] ?? place}`
      : (PLACE_ZH[place] ?? place);
  const limit = params.limit as number | undefined;
  switch (error.keyword) {
    case 'required':
      return { code: Codes.MISSING_PARAMETER, message: en ? `Missing parameter: ${field}` : `缺少参数：${field}` };
    case 'type': {
      const t = String(params.type).split(',')[0] ?? '';
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} must be a ${t}` : `${subject}必须是${TYPE_ZH[t] ?? t}` };
    }
    case 'maxLength':
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} must be at most ${limit} characters` : `${subject}长度不能超过 ${limit} 个字符` };
    case 'minLength':
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} must not be empty` : `${subject}不能为空` };
    case 'pattern':
    case 'format':
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} has an invalid format` : `${subject}格式不正确` };
    case 'minimum':
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} must be at least ${limit}` : `${subject}不能小于 ${limit}` };
    case 'maximum':
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} must be at most ${limit}` : `${subject}不能大于 ${limit}` };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[] | undefined)?.join(en ? ', ' : '、') ?? '';
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} must be one of: ${allowed}` : `${subject}取值应为：${allowed}` };
    }
    case 'minItems':
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} needs at least ${limit} items` : `${subject}至少需要 ${limit} 项` };
    case 'maxItems':
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} allows at most ${limit} items` : `${subject}最多 ${limit} 项` };
    case 'storableText': {
      const nul = params.problem === 'nul';
      return {
        code: Codes.MISSING_PARAMETER,
        message: en
          ? `${subject} contains ${nul ? 'a NUL character' : 'an unpaired UTF-16 surrogate'}, which cannot be stored`
          : `${subject}含有无法保存的字符（${nul ? '空字符 NUL' : '不成对的 UTF-16 代理字符'}）`,
      };
    }
    case 'storableInteger': {
      const { min, max } = params as { min: number; max: number };
      return {
        code: Codes.MISSING_PARAMETER,
        message: en ? `${subject} must be an integer from ${min} to ${max}` : `${subject}超出范围，应为 ${min} 到 ${max} 之间的整数`,
      };
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty ?? '');
      return { code: Codes.BAD_REQUEST, message: en ? `Unknown parameter: ${extra}` : `不支持的参数：${extra}` };
    }
    default:
      return { code: Codes.BAD_REQUEST, message: en ? `${subject} is invalid` : `${subject}不合法` };
  }
}
