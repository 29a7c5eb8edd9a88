/**
 * Heavy routes are declared where the route is (http/heavyRoutes.ts). This walk makes sure none is
 * forgotten: every paged list (a `pageNum` in its schema), every export and every statistics call
 * (`/sta*`, review progress) must be declared heavy, and the calls a page needs to be interactive
 * (sign-in, the current user, one record, a decision) must not be.
 */
import { describe, expect, it } from 'vitest';
import { laneOf } from '../src/http/heavyRoutes.js';
import { useHarness } from './harness.js';

const h = useHarness();

const mustBeHeavy = (r: { url: string; schema?: Record<string, unknown> }) => {
  const schema = JSON.stringify([r.schema?.body, r.schema?.querystring]);
  return schema.includes('"pageNum"') || /export/i.test(r.url) || /\/v1\/sta[A-Z]/.test(r.url) || /Progress$/.test(r.url);
};

describe('heavy routes', () => {
  it('declares every paged list, export and statistics call heavy', () => {
    const forgotten = h.app.routeList.filter((r) => r.method !== 'HEAD' && mustBeHeavy(r) && !r.heavy).map((r) => `${r.method} ${r.url}`);
    expect(forgotten).toEqual([]);
  });

  it('keeps sign-in, the current user, one record and a decision interactive', () => {
    const heavy = new Set(h.app.routeList.filter((r) => r.heavy).map((r) => `${r.method} ${r.url}`));
    for (const route of [
      'POST /cas/login/restful',
      'GET /base/v1/user/current',
      'POST /base/v1/globalConfig/list',
      'GET /cloudSchool/v1/cloudLesson/getById',
      'POST /cloudSchool/v1/activityAudit/auditWorks',
      'GET /cloudSchool/v1/activityAudit/getAuditTrace',
      'GET /healthz/ready',
    ]) {
      expect(heavy.has(route), route).toBe(false);
    }
    expect(heavy.has('POST /cloudSchool/v1/activityAudit/getAuditWorkPage')).toBe(true);
  });

  it('puts signed-in heavy work in the heavy lane and public pages in the interactive one', () => {
    expect(laneOf({ heavy: true })).toBe('heavy');
    expect(laneOf({ heavy: true, public: true })).toBe('interactive');
    expect(laneOf({})).toBe('interactive');
    expect(laneOf(undefined)).toBe('interactive');
  });
});
