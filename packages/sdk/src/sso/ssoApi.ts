import type { JsonClient, RequestOptions } from '../http/calls.js';
import type { SsoTarget, SsoTicketGrant, TicketCheck } from './types.js';

/**
 * The single sign-on calls (docs/sso.md). `ticket(target)` asks the platform for a signed, short-lived,
 * single-use ticket for the signed-in user and answers the target's URL carrying it; the caller opens
 * that URL. `check` is what the system on the other side calls (shown here for tests and tools).
 */
export function createSsoApi(http: JsonClient) {
  return {
    ticket: (target: SsoTarget, options?: RequestOptions) =>
      http.post<SsoTicketGrant>(http.paths.cloudSchool('/v1/sso/ticket'), { target }, options),
    check: (query: { ticket: string; service: string }, options?: RequestOptions) =>
      http.get<TicketCheck>(http.paths.cas('/sz/checkToken'), query, { public: true, ...options }),
  };
}

export type SsoApi = ReturnType<typeof createSsoApi>;
