/**
 * The API speaks JSON only: text/plain and form bodies answer 415 instead of reaching a schema as a
 * string. An empty JSON body counts as "no body" so that bodiless POSTs (config lists) keep working;
 * routes that need a body say so in their schema.
 *
 * Bodies nested deeper than `maxDepth` are refused before they are parsed (4200005): no request of
 * the API needs more than a few levels, and a 10 000-level body would otherwise overflow the stack of
 * whatever walks it next (validation, a cache key, a log line).
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from './appError.js';

export const JSON_BODY_LIMIT = 1024 * 1024;
export const JSON_MAX_DEPTH = 32;

/** Whether the JSON text opens more than `max` arrays or objects inside one another (strings skipped). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The prototype-polluting key a JSON text contains (`__proto__`, or `constructor` with `prototype`). */
function forbiddenKeyIn(text: string): string | undefined {
  if (/"__proto__"\s*:/.test(text)) return '__proto__';
  if (/"constructor"\s*:/.test(text) && /"prototype"\s*:/.test(text)) return 'constructor.prototype';
  return undefined;
}

export function installJsonBodyParsing(app: FastifyInstance, maxDepth = JSON_MAX_DEPTH): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (nestedDeeperThan(text, maxDepth)) {
      done(new AppError(Codes.MISSING_PARAMETER, `请求体的 JSON 嵌套过深：最多 ${maxDepth} 层`), undefined);
      return;
    }
    defaultParser(request, text, (err, parsed) => {
      // The parser refuses prototype keys with the same error as broken JSON; text that is valid JSON
      // was refused for such a key: say which, rather than "malformed JSON".
      const key = err && isValidJson(text) ? forbiddenKeyIn(text) : undefined;
      if (key) done(new AppError(Codes.JSON_FORMAT_ERROR, `请求体不能包含名为 ${key} 的键`, { field: key }), undefined);
      else done(err, parsed);
    });
  });
}
