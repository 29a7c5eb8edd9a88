/**
 * The WeChat QR login frame. The `state` parameter is random, stored server-side and single-use, so a
 * callback can prove it answers a frame this server handed out (CSRF protection of the OAuth flow).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { wechatStates } from '../db/schema.js';

const STATE_TTL_MS = 10 * 60_000;

export interface WechatSettings {
  wechatQrUrl: string;
  wechatAppId: string;
  wechatRedirectUri: string;
}

export async function createWechatLoginUrl(db: Orm, settings: WechatSettings, areaCode: string, now: number): Promise<string> {
  const state = randomBytes(16).toString('hex');
  await db.insert(wechatStates).values({ state, areaCode, expiresAt: now + STATE_TTL_MS });
  const url = new URL(settings.wechatQrUrl);
  url.searchParams.set('appid', settings.wechatAppId);
  url.searchParams.set('redirect_uri', settings.wechatRedirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'snsapi_login');
  url.searchParams.set('state', state);
  url.searchParams.set('login_type', 'jssdk');
  url.searchParams.set('self_redirect', 'false');
  return `${url.toString()}#wechat_redirect`;
}

/** Marks a state used; true only the first time, and only before it expires. */
export async function consumeWechatState(db: Orm, state: string, now: number): Promise<boolean> {
  const rows = await db
    .update(wechatStates)
    .set({ usedAt: now })
    .where(and(eq(wechatStates.state, state), isNull(wechatStates.usedAt), gt(wechatStates.expiresAt, now)))
    .returning({ state: wechatStates.state });
  return rows.length === 1;
}
