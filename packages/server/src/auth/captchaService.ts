/**
 * The slider captcha the server enforces. A puzzle is bound to an account name and answered once:
 * within ±6 px it yields a short-lived single-use token for that account, anything else kills the
 * puzzle (no retries on the same picture). State lives in the database so any server can check it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { CaptchaPuzzle } from '@dscloud/sdk/device';
import { Codes } from '@dscloud/sdk/errors';
import type { Orm } from '../db/database.js';
import { captchas } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import { drawPuzzle, PIECE_SIZE, PUZZLE_HEIGHT, PUZZLE_WIDTH } from './captchaImage.js';
import { accountKey } from './loginFailures.js';
import { sha256 } from './tokenService.js';

export const CAPTCHA_TOLERANCE_PX = 6;
const PUZZLE_TTL_MS = 2 * 60_000;
const TOKEN_TTL_MS = 2 * 60_000;

export interface SolveLimit {
  /** Puzzles one client may answer (right or wrong) for one account within `windowMs`. */
  solvesPerClient: number;
  windowMs: number;
}

export class CaptchaService {
  constructor(
    private readonly db: Orm,
    private readonly now: () => number,
    private readonly limit: SolveLimit = { solvesPerClient: 10, windowMs: 15 * 60_000 },
  ) {}

  /**
   * A script that solves puzzles buys one password guess per solve: answers are limited per account
   * and client (in the database, so across servers). Per client, not per account alone: otherwise a
   * stranger could use up the owner's answers and lock the owner out again. Count and answer run in
   * one transaction holding an advisory lock on the account and client, so answers sent at once to
   * several servers are counted one after another and cannot pass the limit together.
   */
  private limitMessage(): string {
    const minutes = Math.round(this.limit.windowMs / 60_000);
    return `该账号在本设备的滑块验证次数过多（${minutes} 分钟内最多 ${this.limit.solvesPerClient} 次），请稍后再试`;
  }

  async create(username: string, client = ''): Promise<CaptchaPuzzle> {
    const images = drawPuzzle();
    const captchaId = randomUUID();
    const now = this.now();
    await this.db.insert(captchas).values({
      id: captchaId,
      username: accountKey(username),
      answerX: images.holeX,
      expiresAt: now + PUZZLE_TTL_MS,
      createdAt: now,
      client,
    });
    return {
      captchaId,
      background: `data:image/png;base64,${images.background.toString('base64')}`,
      piece: `data:image/png;base64,${images.piece.toString('base64')}`,
      pieceY: images.holeY,
      width: PUZZLE_WIDTH,
      height: PUZZLE_HEIGHT,
      pieceSize: PIECE_SIZE,
    };
  }

  /** One answer per puzzle, decided in a single UPDATE so parallel answers cannot both win. */
  async verify(captchaId: string, x: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const since = now - this.limit.windowMs;
    const solved = sql`abs(${captchas.answerX} - ${Math.round(x)}) <= ${CAPTCHA_TOLERANCE_PX}`;
    const outcome = await this.db.transaction(async (tx) => {
      const [puzzle] = await tx.select({ username: captchas.username, client: captchas.client }).from(captchas).where(eq(captchas.id, captchaId));
      if (puzzle) {
        // Serialises the answers of one account and client across every server (released at commit).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`captcha:${puzzle.username}:${puzzle.client}`}))`);
        const answered = await tx.$count(
          captchas,
          and(eq(captchas.username, puzzle.username), eq(captchas.client, puzzle.client), ne(captchas.state, 'open'), gt(captchas.createdAt, since)),
        );
        if (answered >= this.limit.solvesPerClient) {
          await tx.update(captchas).set({ state: 'dead' }).where(and(eq(captchas.id, captchaId), eq(captchas.state, 'open')));
          return 'limited' as const;
        }
      }
      const rows = await tx
        .update(captchas)
        .set({
          state: sql`case when ${solved} then 'solved' else 'dead' end`,
          tokenHash: sql`case when ${solved} then ${sha256(token)} else null end`,
          tokenExpiresAt: sql`case when ${solved} then ${now + TOKEN_TTL_MS}::bigint else null end`,
        })
        .where(and(eq(captchas.id, captchaId), eq(captchas.state, 'open'), gt(captchas.expiresAt, now)))
        .returning({ state: captchas.state });
      return rows[0]?.state === 'solved' ? ('solved' as const) : ('wrong' as const);
    });
    if (outcome === 'limited') throw new AppError(Codes.LOGIN_RATE_LIMITED, this.limitMessage());
    if (outcome !== 'solved') throw new AppError(Codes.CAPTCHA_INVALID);
    return token;
  }

  /** Uses up a captcha token for this account; false when absent, foreign, used or expired. */
  async consume(username: string, token: string | undefined): Promise<boolean> {
    if (!token || token.length > 128) return false;
    const rows = await this.db
      .update(captchas)
      .set({ state: 'used' })
      .where(
        and(
          eq(captchas.tokenHash, sha256(token)),
          eq(captchas.username, accountKey(username)),
          eq(captchas.state, 'solved'),
          gt(captchas.tokenExpiresAt, this.now()),
        ),
      )
      .returning({ id: captchas.id });
    return rows.length === 1;
  }

  async prune(): Promise<void> {
    const horizon = this.now() - 60 * 60_000;
    await this.db.delete(captchas).where(or(lt(captchas.expiresAt, horizon), lt(captchas.tokenExpiresAt, horizon)));
  }
}
