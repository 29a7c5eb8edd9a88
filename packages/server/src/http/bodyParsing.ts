/**
 * The API speaks JSON only: text/plain and form bodies answer 415 instead of reaching a schema as a
 * string. An empty JSON body counts as "no body" so that bodiless POSTs (config lists) keep working;
 * routes that need a body say so in their schema.
 */
import type { FastifyInstance } from 'fastify';

export const JSON_BODY_LIMIT = 1024 * 1024;

export function installJsonBodyParsing(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultParser(request, text, done);
  });
}
