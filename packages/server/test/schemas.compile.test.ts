/**
 * Request validators compile on a route's first request (http/lazyValidators.ts). This compiles every
 * route's body, query and params schemas with the server's own options, so a schema ajv refuses fails
 * here and not on a user's first request; and checks that a route validates before and after its
 * validator is compiled in the same way.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { lazyValidatorFactory, requestAjvOptions } from '../src/http/lazyValidators.js';

const h = useHarness();

describe('request schemas', () => {
  it('every route schema compiles with the server’s validator options', () => {
    const build = lazyValidatorFactory()({}, requestAjvOptions);
    const failures: string[] = [];
    let compiled = 0;
    for (const route of h.app.routeList) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        const schema = route.schema?.[part];
        if (schema === undefined) continue;
        try {
          // Calling the validator compiles it; the empty value may or may not be valid.
          build({ schema, method: route.method, url: route.url, httpPart: part })({}, { parentData: {}, parentDataProperty: part });
          compiled++;
        } catch (error) {
          failures.push(`${route.method} ${route.url} ${part}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(compiled).toBeGreaterThan(100);
  });

  it('a route refuses a bad body on its first request, names the field, and again on the next', async () => {
    const admin = await h.token('admin');
    for (let i = 0; i < 2; i++) {
      const answer = await h.call('POST', '/cloudSchool/v1/cloudLesson/updateExcellentFlag', { token: admin, body: { lessonIds: ['ls-0001'], excellentFlag: 3 } });
      expect(answer.http).toBe(400);
      expect(answer.message).toContain('excellentFlag');
    }
  });
});
