/**
 * Access tokens: 32 random bytes (base64url) handed to the client once, stored only as sha256.
 * Refresh rotates: the successor is derived from the old token with the server secret, so two tabs
 * refreshing the same token at once both get the same successor, and the old token keeps working for
 * a short grace while requests already in flight finish. Every rotation of one login shares a
 * `family_id`, which logout revokes as a whole.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { Orm } from '../db/database.js';
import { tokens, users } from '../db/schema.js';
import { AppError } from '../http/appError.js';

export type TokenRow = typeof tokens.$inferSelect;
type UserRow = typeof users.$inferSelect;

export interface TokenPolicy {
  ttlSeconds: number;
  /** How long a rotated token keeps working (in-flight requests, parallel tabs). */
  rotationGraceSeconds: number;
  /** How long after expiry a token may still be exchanged by refresh. */
  refreshWindowSeconds: number;
}

export interface IssuedToken {
  token: string;
  expire: number;
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export class TokenService {
  private readonly changed = new Set<(tokenHashes: string[]) => void>();

  constructor(
    private readonly db: Orm,
    private readonly secret: string,
    readonly policy: TokenPolicy,
    private readonly now: () => number,
  ) {}

  async issue(userId: string, ua: string): Promise<IssuedToken> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.db.insert(tokens).values({
      tokenHash: sha256(token),
      familyId: randomUUID(),
      userId,
      ua,
      createdAt: now,
      expiresAt: now + this.policy.ttlSeconds * 1000,
    });
    return { token, expire: this.policy.ttlSeconds };
  }

  private async row(token: string): Promise<TokenRow | undefined> {
    const [row] = await this.db.select().from(tokens).where(eq(tokens.tokenHash, sha256(token))).limit(1);
    return row;
  }

  /** The end of a token's usable life: its expiry, or the end of the grace once rotated. */
  private usableUntil(row: TokenRow): number {
    if (row.rotatedAt === null) return row.expiresAt;
    return Math.min(row.expiresAt, row.rotatedAt + this.policy.rotationGraceSeconds * 1000);
  }

  /** The live row for a presented token, or the catalogue error explaining why it is not usable. */
  async resolve(token: string): Promise<TokenRow> {
    const row = await this.row(token);
    this.assertUsable(row);
    return row;
  }

  /**
   * The live row and its user in one query: every protected request makes this call, and on the
   * embedded database each query has a fixed cost worth saving.
   */
  async resolveWithUser(token: string): Promise<{ row: TokenRow; user: UserRow | undefined }> {
    const [hit] = await this.db
      .select({ row: tokens, user: users })
      .from(tokens)
      .leftJoin(users, eq(users.id, tokens.userId))
      .where(eq(tokens.tokenHash, sha256(token)))
      .limit(1);
    const row = hit?.row;
    this.assertUsable(row);
    return { row, user: hit?.user ?? undefined };
  }

  /**
   * Told at once of the tokens this process revokes or rotates (other processes hear of them through
   * the database's notifications, a moment later).
   */
  onChange(listener: (tokenHashes: string[]) => void): () => void {
    this.changed.add(listener);
    return () => this.changed.delete(listener);
  }

  private tell(tokenHashes: string[]): void {
    if (tokenHashes.length > 0) for (const listener of this.changed) listener(tokenHashes);
  }

  /** Throws the catalogue error when the row is not usable now (checked on every request, cached or not). */
  assertUsable(row: TokenRow | undefined): asserts row is TokenRow {
    if (!row || row.revokedAt !== null) throw new AppError(Codes.TOKEN_INVALID);
    const now = this.now();
    if (row.rotatedAt !== null && now > row.rotatedAt + this.policy.rotationGraceSeconds * 1000) {
      throw new AppError(Codes.TOKEN_INVALID);
    }
    if (now >= row.expiresAt) throw new AppError(Codes.TOKEN_EXPIRED);
  }

  /** Seconds the token stays usable. */
  async check(token: string): Promise<number> {
    const row = await this.resolve(token);
    return Math.max(0, Math.floor((this.usableUntil(row) - this.now()) / 1000));
  }

  private successorOf(token: string): string {
    return createHmac('sha256', this.secret).update(`rotate:${token}`).digest('base64url');
  }

  async refresh(oldToken: string, ua: string): Promise<IssuedToken> {
    const row = await this.row(oldToken);
    if (!row || row.revokedAt !== null) throw new AppError(Codes.TOKEN_INVALID);
    const now = this.now();
    if (row.rotatedAt !== null && now > row.rotatedAt + this.policy.rotationGraceSeconds * 1000) {
      // An old token replayed after its grace: someone holds a copy. End the whole login.
      await this.revokeFamily(row.familyId);
      throw new AppError(Codes.TOKEN_INVALID);
    }
    if (row.rotatedAt === null && now > row.expiresAt + this.policy.refreshWindowSeconds * 1000) {
      throw new AppError(Codes.TOKEN_EXPIRED);
    }
    const successor = this.successorOf(oldToken);
    const successorHash = sha256(successor);
    await this.db
      .insert(tokens)
      .values({
        tokenHash: successorHash,
        familyId: row.familyId,
        userId: row.userId,
        ua: ua || row.ua,
        createdAt: now,
        expiresAt: now + this.policy.ttlSeconds * 1000,
      })
      .onConflictDoNothing();
    await this.db
      .update(tokens)
      .set({ successorHash, rotatedAt: now })
      .where(and(eq(tokens.tokenHash, row.tokenHash), isNull(tokens.rotatedAt)));
    this.tell([row.tokenHash]);
    const [next] = await this.db.select().from(tokens).where(eq(tokens.tokenHash, successorHash)).limit(1);
    if (!next || next.revokedAt !== null) throw new AppError(Codes.TOKEN_INVALID);
    return { token: successor, expire: Math.max(1, Math.floor((next.expiresAt - now) / 1000)) };
  }

  /** Ends the token and every token of the same login at once. False when the token is unknown. */
  async remove(token: string): Promise<boolean> {
    const row = await this.row(token);
    if (!row) return false;
    await this.revokeFamily(row.familyId);
    return true;
  }

  private async revokeFamily(familyId: string): Promise<void> {
    const revoked = await this.db
      .update(tokens)
      .set({ revokedAt: this.now() })
      .where(and(eq(tokens.familyId, familyId), isNull(tokens.revokedAt)))
      .returning({ tokenHash: tokens.tokenHash });
    this.tell(revoked.map((r) => r.tokenHash));
  }
}
