/**
 * The slider captcha the server enforces. A puzzle is bound to an account name and answered once:
 * within ±6 px it yields a short-lived single-use token for that account, anything else kills the
 * puzzle (no retries on the same picture). State lives in the database so any server can check it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
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

export class CaptchaService {
  constructor(
    private readonly db: Orm,
    private readonly now: () => number,
  ) {}

  async create(username: string): Promise<CaptchaPuzzle> {
    const images = drawPuzzle();
    const captchaId = randomUUID();
    const now = this.now();
    await this.db.insert(captchas).values({
      id: captchaId,
      username: accountKey(username),
      answerX: images.holeX,
      expiresAt: now + PUZZLE_TTL_MS,
      createdAt: now,
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
    const solved = sql`abs(${captchas.answerX} - ${Math.round(x)}) <= ${CAPTCHA_TOLERANCE_PX}`;
    const rows = await this.db
      .update(captchas)
      .set({
        state: sql`case when ${solved} then 'solved' else 'dead' end`,
        tokenHash: sql`case when ${solved} then ${sha256(token)} else null end`,
        tokenExpiresAt: sql`case when ${solved} then ${now + TOKEN_TTL_MS}::bigint else null end`,
      })
      .where(and(eq(captchas.id, captchaId), eq(captchas.state, 'open'), gt(captchas.expiresAt, now)))
      .returning({ state: captchas.state });
    if (rows[0]?.state !== 'solved') throw new AppError(Codes.CAPTCHA_INVALID);
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
