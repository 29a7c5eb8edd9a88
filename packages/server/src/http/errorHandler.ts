/**
 * Every failure leaves as the envelope with the catalogue's HTTP status: route errors (AppError),
 * schema failures, body-parser failures (malformed JSON, wrong content type, oversize) and unknown
 * routes. Nothing else reaches the client, so stack traces and driver messages stay in the log.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes, httpStatusFor, messageFor } from '@dscloud/sdk/errors';
import { AppError } from './appError.js';
import { failure, localeOf } from './envelope.js';
import { describeValidation } from './validationMessage.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';

function send(reply: FastifyReply, code: number, message: string, field?: string, extra?: Record<string, unknown>) {
  return reply.status(httpStatusFor(code)).type('application/json; charset=utf-8').send(failure(code, message, field, extra));
}

const PARSER_CODES: Record<string, number> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: Codes.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_BODY_TOO_LARGE: Codes.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: Codes.BAD_REQUEST,
  FST_ERR_CTP_EMPTY_JSON_BODY: Codes.JSON_FORMAT_ERROR,
  FST_ERR_CTP_INVALID_JSON_BODY: Codes.JSON_FORMAT_ERROR,
  FST_ERR_BAD_URL: Codes.BAD_REQUEST,
};

/**
 * The database's error when a unique constraint refused the write (SQLSTATE 23505): two requests
 * stored the same thing at the same moment, or a row that already exists. Drivers and drizzle may wrap
 * it: the cause chain is followed a few steps.
 */
export function uniqueViolation(error: unknown): { constraint?: string } | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return e as { constraint?: string };
  }
  return undefined;
}

/** The request's connection was closed by the client (aborted body, reset socket). */
export function clientWentAway(error: unknown, aborted: boolean): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return aborted || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (error instanceof Error && error.message === 'aborted');
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOf(request);
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return send(reply, error.status, error.detail ?? messageFor(error.status, locale), error.field, error.data);
    }
    if (error.validation) {
      const answer = describeValidation(error.validation, error.validationContext, locale);
      return send(reply, answer.code, answer.message, answer.field);
    }
    const mapped = error.code ? PARSER_CODES[error.code] : undefined;
    if (mapped !== undefined) {
      let message = messageFor(mapped, locale);
      if (mapped === Codes.UNSUPPORTED_MEDIA_TYPE) {
        const type = request.headers['content-type'] ?? '';
        message = locale === 'en' ? `Unsupported content type "${type}", send application/json` : `不支持的内容类型“${type}”，请使用 application/json`;
      } else if (mapped === Codes.JSON_FORMAT_ERROR) {
        message = locale === 'en' ? 'Malformed JSON: the request body is not valid JSON' : 'JSON 格式错误：请求体不是合法的 JSON';
      } else if (mapped === Codes.PAYLOAD_TOO_LARGE) {
        message = locale === 'en' ? 'The request body is too large' : '请求内容过大，请求体不能超过 1 MB';
      }
      return send(reply, mapped, message);
    }
    if (error.statusCode === 429) return send(reply, Codes.TOO_MANY_REQUESTS, messageFor(Codes.TOO_MANY_REQUESTS, locale));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, messageFor(error.statusCode, locale));
    }
    // The same new thing stored twice at once (a double click, three tabs): the first write won, this
    // one is told so, and nothing stored changes.
    const unique = uniqueViolation(error);
    if (unique) {
      request.log.info({ constraint: unique.constraint }, 'unique violation answered as a conflict');
      const message = locale === 'en' ? 'Conflict: this was already saved (perhaps by another request at the same moment); reload and try again' : '数据冲突：该内容已保存（可能由另一个同时提交的请求保存），请刷新后重试';
      return send(reply, Codes.CONFLICT, message);
    }
    // The database restarting or unreachable: 503, which clients retry; the pool reconnects by itself.
    if (request.raw.complete && !request.raw.aborted && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, Codes.DATABASE_UNAVAILABLE, messageFor(Codes.DATABASE_UNAVAILABLE, locale));
    }
    // A client that went away mid-body (a closed tab, a dropped line) is not a server fault: a warning.
    if (clientWentAway(error, request.raw.aborted)) {
      request.log.warn({ code: (error as NodeJS.ErrnoException).code, url: request.url }, 'client closed the connection mid-request');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return send(reply, Codes.SERVER_ERROR, messageFor(Codes.SERVER_ERROR, locale));
  });

  app.setNotFoundHandler((request, reply) => {
    const locale = localeOf(request);
    const path = request.url.split('?')[0] ?? '';
    const message = locale === 'en' ? `Not found: ${request.method} ${path}` : `请求的资源不存在：${request.method} ${path}`;
    return send(reply, Codes.NOT_FOUND, message);
  });
}
