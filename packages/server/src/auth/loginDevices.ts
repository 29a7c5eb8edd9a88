/**
 * Known devices (OWASP's "device cookies"): a browser that signs in with the right password is given
 * a device token for that account, and sends it with its later logins. Failures from unknown devices
 * set off the account-wide delay (loginFailures.ts); attempts from a known device are exempt from it,
 * so a stranger hammering an account from any number of addresses cannot lock its owner out of the
 * devices the owner already uses. A known device that fails too often is known no longer.
 *
 * Only the token's sha256 is stored. A token is bound to one user, lives DEVICE_TTL_MS from its last
 * use, and each user keeps at most DEVICES_PER_USER (the least recently used go first).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, notInArray } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { loginDevices, users } from '../db/schema.js';
import { sha256 } from './tokenService.js';

export const DEVICE_TTL_MS = 180 * 24 * 3600_000;
const DEVICES_PER_USER = 20;

export class LoginDevices {
  constructor(
    private readonly db: Orm,
    private readonly now: () => number,
  ) {}

  /** The device's id (its token's hash) when `token` is a live device token of the account `username`, else ''. */
  async recognise(username: string, token: string | undefined): Promise<string> {
    if (!token || token.length > 128) return '';
    const hash = sha256(token);
    const [row] = await this.db
      .select({ id: loginDevices.tokenHash })
      .from(loginDevices)
      .innerJoin(users, eq(users.id, loginDevices.userId))
      .where(and(eq(loginDevices.tokenHash, hash), eq(users.username, username), gt(loginDevices.expiresAt, this.now())))
      .limit(1);
    return row?.id ?? '';
  }

  /**
   * After a successful password login: renews the device the attempt came from, or gives the browser a
   * new device token. Returns the token to hand to the client (the same one when it was known).
   */
  async remember(userId: string, token: string | undefined, device: string): Promise<string> {
    const now = this.now();
    if (device && token) {
      await this.db.update(loginDevices).set({ lastUsedAt: now, expiresAt: now + DEVICE_TTL_MS }).where(eq(loginDevices.tokenHash, device));
      return token;
    }
    const fresh = randomBytes(32).toString('base64url');
    await this.db.insert(loginDevices).values({ tokenHash: sha256(fresh), userId, createdAt: now, lastUsedAt: now, expiresAt: now + DEVICE_TTL_MS });
    const keep = this.db
      .select({ id: loginDevices.tokenHash })
      .from(loginDevices)
      .where(eq(loginDevices.userId, userId))
      .orderBy(desc(loginDevices.lastUsedAt))
      .limit(DEVICES_PER_USER);
    await this.db.delete(loginDevices).where(and(eq(loginDevices.userId, userId), notInArray(loginDevices.tokenHash, keep)));
    return fresh;
  }

  async prune(): Promise<void> {
    await this.db.delete(loginDevices).where(lt(loginDevices.expiresAt, this.now()));
  }
}
