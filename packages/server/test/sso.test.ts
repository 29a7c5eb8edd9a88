/**
 * Single sign-on over real calls (docs/sso.md): a signed-in user gets a ticket for a configured target,
 * the target's server checks it once with `checkToken` and learns who the user is; a tampered, expired,
 * replayed or foreign-service ticket is refused with its own code and reason, nothing is issued for a
 * target without a URL, the AI assistant only for its bureau, and nobody without a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import type { SsoTicketGrant, TicketCheck } from '@dscloud/sdk/sso';
import { DEMO_ORG_IDS } from '../src/users/demoSeed.js';
import { freshIp, startHarness, type Harness } from './harness.js';

let h: Harness;
let teacher: string;
let admin: string;

const GROWTH = 'https://growth.example.cn/sso/entry?from=platform';
const SERVICE = 'https://growth.example.cn/sso/entry';

const ask = (target: string, token = teacher) => h.call<SsoTicketGrant>('POST', '/cloudSchool/v1/sso/ticket', { body: { target }, token });
const ticketOf = (grant: SsoTicketGrant) => new URL(grant.url).searchParams.get('ticket')!;
const check = (ticket: string, service = SERVICE, ip = freshIp()) =>
  h.call<TicketCheck & { reason?: string }>('GET', `/cas/sz/checkToken?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`, { ip });

beforeAll(async () => {
  h = await startHarness();
  teacher = await h.token('teacher');
  admin = await h.token('admin');
  const saved = await h.call('POST', '/base/v1/globalConfig/save', {
    token: admin,
    body: { items: [{ configKey: 'common.link.smartGrowth', configValue: GROWTH }, { configKey: 'common.ai.pageUrl', configValue: 'https://ai.example.cn/chat' }] },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await h?.close();
});

describe('single sign-on tickets', () => {
  it('sends the teacher to the configured URL with a ticket, never the bare user id; the target checks it once and learns who it is', async () => {
    const grant = await ask('smartGrowth');
    expect(grant.status).toBe(200);
    const url = new URL(grant.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(SERVICE);
    expect(url.searchParams.get('from')).toBe('platform');
    expect(url.searchParams.has('userId')).toBe(false);
    expect(grant.data.url).not.toContain('100000000000000001');
    expect(Date.parse(grant.data.expiresAt) - Date.now()).toBeLessThanOrEqual(61_000);

    const first = await check(ticketOf(grant.data));
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ valid: true, userId: '100000000000000001', role: 'teacher', name: '王晓明', orgId: DEMO_ORG_IDS.school, target: 'smartGrowth' });

    const replay = await check(ticketOf(grant.data));
    expect(replay.http).toBe(401);
    expect(replay.status).toBe(Codes.SSO_TICKET_USED);
    expect(replay.data).toMatchObject({ valid: false, reason: 'used' });
    expect(replay.message).toBe('票据已被使用，请从平台重新进入');
  });

  it('accepts the service as a bare host, and a POSTed form or JSON body as CAS clients send it', async () => {
    expect((await check(ticketOf((await ask('smartGrowth')).data), 'growth.example.cn')).status).toBe(200);
    const form = await h.call<TicketCheck>('POST', '/cas/sz/checkToken', {
      rawBody: new URLSearchParams({ ticket: ticketOf((await ask('smartGrowth')).data), service: SERVICE }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: freshIp(),
    });
    expect(form.status).toBe(200);
    expect(form.data.userId).toBe('100000000000000001');
    const json = await h.call<TicketCheck>('POST', '/cas/sz/checkToken', { body: { ticket: ticketOf((await ask('smartGrowth')).data), service: SERVICE }, ip: freshIp() });
    expect(json.data.valid).toBe(true);
  });

  it('refuses a ticket whose claims or signature were changed (tampered) and garbage (malformed)', async () => {
    const [header, claims, signature] = ticketOf((await ask('smartGrowth')).data).split('.');
    const forged = JSON.parse(Buffer.from(claims!, 'base64url').toString());
    forged.sub = '100000000000000004';
    const tampered = await check(`${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`);
    expect(tampered.status).toBe(Codes.SSO_TICKET_TAMPERED);
    expect(tampered.data).toMatchObject({ valid: false, reason: 'tampered' });
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect((await check(`${header}.${claims}.${flipped}`)).status).toBe(Codes.SSO_TICKET_TAMPERED);
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await check(`${unsigned}.${claims}.`)).data).toMatchObject({ reason: 'malformed' });
    expect((await check('not-a-ticket')).status).toBe(Codes.SSO_TICKET_MALFORMED);
  });

  it('refuses an expired ticket, and the nonce is not spent by a refusal', async () => {
    const grant = await ask('smartGrowth');
    h.advance(61_000);
    const late = await check(ticketOf(grant.data));
    expect(late.status).toBe(Codes.SSO_TICKET_EXPIRED);
    expect(late.data).toMatchObject({ valid: false, reason: 'expired' });
    expect(late.message).toBe('票据已过期，请从平台重新进入');
    h.advance(-61_000);
    expect((await check(ticketOf(grant.data))).status).toBe(200);
  });

  it('refuses a ticket checked by another service host than the one it was issued for', async () => {
    const ticket = ticketOf((await ask('smartGrowth')).data);
    const foreign = await check(ticket, 'https://evil.example.com/sso/entry');
    expect(foreign.http).toBe(403);
    expect(foreign.status).toBe(Codes.SSO_WRONG_SERVICE);
    expect(foreign.data).toMatchObject({ valid: false, reason: 'wrongService' });
    expect((await check(ticket, 'https://growth.example.cn:8443/sso/entry')).status).toBe(Codes.SSO_WRONG_SERVICE);
    // Still unused: the right service may check it.
    expect((await check(ticket)).status).toBe(200);
  });

  it('names the missing parameter', async () => {
    const noService = await h.call('GET', `/cas/sz/checkToken?ticket=abc`, { ip: freshIp() });
    expect(noService.status).toBe(Codes.MISSING_PARAMETER);
    expect(noService.data).toMatchObject({ field: 'service' });
    const noTicket = await h.call('GET', `/cas/sz/checkToken?service=${encodeURIComponent(SERVICE)}`, { ip: freshIp() });
    expect(noTicket.data).toMatchObject({ field: 'ticket' });
  });

  it('issues nothing for a target without a configured URL, for an unknown target, or without a token', async () => {
    const missing = await ask('virtualSimulation');
    expect(missing.http).toBe(404);
    expect(missing.status).toBe(Codes.SSO_TARGET_NOT_CONFIGURED);
    expect(missing.message).toBe('该应用尚未配置地址，请联系管理员');
    expect((await ask('https://evil.example.com')).http).toBe(400);
    const anonymous = await h.call('POST', '/cloudSchool/v1/sso/ticket', { body: { target: 'smartGrowth' } });
    expect(anonymous.status).toBe(Codes.TOKEN_NOT_FOUND);
  });

  it('gives the AI assistant ticket only to users of the configured bureau', async () => {
    expect((await ask('aiAssistant')).status).toBe(Codes.SSO_TARGET_FORBIDDEN);
    await h.call('POST', '/base/v1/globalConfig/save', { token: admin, body: { items: [{ configKey: 'common.ai.bureauId', configValue: DEMO_ORG_IDS.district }] } });
    const grant = await ask('aiAssistant');
    expect(grant.status).toBe(200);
    expect(new URL(grant.data.url).host).toBe('ai.example.cn');
    // The city administrator's unit is above the district, not in it.
    expect((await ask('aiAssistant', admin)).status).toBe(Codes.SSO_TARGET_FORBIDDEN);
  });

  it('keeps the platform token check on POST { accessToken }', async () => {
    const answer = await h.call('POST', '/cas/sz/checkToken', { body: { accessToken: teacher } });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ valid: true });
  });

  it('limits ticket checks per client address', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await check('x.y.z', SERVICE, ip)).status;
    expect(last).toBe(Codes.TOO_MANY_REQUESTS);
  });

  it('forgets used nonces once their tickets are long expired (housekeeping)', async () => {
    const { sweep } = await import('../src/housekeeping.js');
    await check(ticketOf((await ask('smartGrowth')).data));
    const before = await h.query<{ n: number }>('select count(*)::int as n from sso_used_tickets');
    expect(before[0]!.n).toBeGreaterThan(0);
    h.advance(10 * 60_000);
    await sweep(h.app.ctx);
    h.advance(-10 * 60_000);
    const after = await h.query<{ n: number }>('select count(*)::int as n from sso_used_tickets');
    expect(after[0]!.n).toBe(0);
  });
});
