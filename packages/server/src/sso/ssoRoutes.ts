/**
 * Single sign-on (docs/sso.md): `POST /cloudSchool/v1/sso/ticket` gives a signed-in user a signed,
 * 60-second, single-use ticket for a configured target; `GET|POST /cas/sz/checkToken?ticket=&service=`
 * is what the target's server calls to learn who the user is. The POST form with `{ accessToken }` is
 * the platform token check of DESIGN.md, answered as before.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { SSO_TARGETS, type SsoTarget, type TicketCheck, type TicketRefusal } from '@dscloud/sdk/sso';
import type { AppContext } from '../context.js';
import { loadServerSecret } from '../auth/secrets.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { RateLimiter } from '../http/rateLimiter.js';
import { issueTicket, readTicket, serviceHostOf } from './ticket.js';
import { assertTargetAllowed, targetUrl } from './ticketTargets.js';
import { UsedTickets } from './usedTickets.js';
import { roleOf } from './roleOf.js';

export const SSO_TICKET = '/cloudSchool/v1/sso/ticket';
export const CHECK_TOKEN = '/cas/sz/checkToken';

/** Ticket checks one client address may make per minute; tickets one user may ask for per minute. */
export const CHECKS_PER_MINUTE = 120;
export const TICKETS_PER_MINUTE = 30;
const MIN_SECRET_LENGTH = 32;

const REFUSALS: Readonly<Record<TicketRefusal, number>> = {
  malformed: Codes.SSO_TICKET_MALFORMED,
  tampered: Codes.SSO_TICKET_TAMPERED,
  expired: Codes.SSO_TICKET_EXPIRED,
  used: Codes.SSO_TICKET_USED,
  wrongService: Codes.SSO_WRONG_SERVICE,
};

type CheckInput = { ticket?: string; service?: string; accessToken?: string };
const checkProps = {
  ticket: { type: 'string', maxLength: 4096 },
  service: { type: 'string', maxLength: 2048 },
  accessToken: { type: 'string', maxLength: 512 },
} as const;

export async function ssoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const configured = ctx.settings.ssoTicketSecret;
  if (configured !== undefined && configured.length < MIN_SECRET_LENGTH) {
    throw new Error(`环境变量 SSO_TICKET_SECRET 至少需要 ${MIN_SECRET_LENGTH} 个字符`);
  }
  const key = loadServerSecret({ secret: configured, dataDir: ctx.settings.dataDir, file: 'sso-ticket-secret' });
  const used = new UsedTickets(ctx.db.orm);
  const checkLimiter = new RateLimiter(ctx.db.orm, 'ssoCheck', CHECKS_PER_MINUTE, 60_000, ctx.now);
  const ticketLimiter = new RateLimiter(ctx.db.orm, 'ssoTicket', TICKETS_PER_MINUTE, 60_000, ctx.now);

  app.post<{ Body: { target: SsoTarget } }>(
    SSO_TICKET,
    {
      preValidation: ctx.guard.requireUser,
      schema: { body: { type: 'object', required: ['target'], properties: { target: { type: 'string', enum: [...SSO_TARGETS] } } } },
    },
    async (request) => {
      const { user } = request.auth!;
      if (!(await ticketLimiter.attempt(user.id))) throw new AppError(Codes.TOO_MANY_REQUESTS);
      const target = request.body.target;
      await assertTargetAllowed(ctx.config, ctx.users, target, user.orgId);
      const url = await targetUrl(ctx.config, target);
      const { ticket, claims } = issueTicket(
        key,
        { sub: user.id, role: roleOf(user.identityCode), name: user.displayName, org: user.orgId, tgt: target, aud: url.host.toLowerCase() },
        ctx.now(),
      );
      url.searchParams.set('ticket', ticket);
      return ok({ url: url.toString(), expiresAt: new Date(claims.exp * 1000).toISOString() }, localeOf(request));
    },
  );

  const check = async (request: FastifyRequest, input: CheckInput) => {
    if (input.accessToken !== undefined && input.ticket === undefined) {
      const token = input.accessToken.trim();
      if (!token) throw new AppError(Codes.TOKEN_NOT_FOUND);
      return ok({ valid: true, expire: await ctx.tokens.check(token) }, localeOf(request));
    }
    if (!(await checkLimiter.attempt(request.ip))) throw new AppError(Codes.TOO_MANY_REQUESTS);
    const ticket = input.ticket?.trim() ?? '';
    if (!ticket) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数 ticket', { field: 'ticket' });
    const host = serviceHostOf(input.service ?? '');
    if (!host) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数 service（调用方系统的地址）', { field: 'service' });
    const now = ctx.now();
    const reading = readTicket(key, ticket, host, now);
    const refuse = (reason: TicketRefusal) => new AppError(REFUSALS[reason], undefined, { data: { valid: false, reason } });
    if (!reading.ok) throw refuse(reading.reason);
    if (!(await used.claim(reading.claims, now))) throw refuse('used');
    const c = reading.claims;
    const answer: TicketCheck = {
      valid: true,
      userId: c.sub,
      role: c.role,
      name: c.name,
      orgId: c.org,
      target: c.tgt,
      issuedAt: new Date(c.iat * 1000).toISOString(),
      expiresAt: new Date(c.exp * 1000).toISOString(),
    };
    return ok(answer, localeOf(request));
  };

  app.get<{ Querystring: CheckInput }>(
    CHECK_TOKEN,
    { config: { public: true }, schema: { querystring: { type: 'object', properties: checkProps } } },
    (request) => check(request, request.query),
  );

  // A CAS client may post a form; the platform's own clients post JSON. Either way the query may carry the values.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post<{ Querystring: CheckInput; Body: CheckInput | undefined }>(
      CHECK_TOKEN,
      {
        config: { public: true },
        schema: { querystring: { type: 'object', properties: checkProps }, body: { type: ['object', 'null'], properties: checkProps } },
      },
      (request) => check(request, { ...request.query, ...(request.body ?? {}) }),
    );
  });
}
