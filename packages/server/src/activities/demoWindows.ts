/**
 * The demo activities keep their phase as days pass: on each start their windows move along by the
 * whole days (China time) since the seed's anchor, and the anchor with them. One state row per seed.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { activities, lessonDemoState } from '../db/schema.js';
import { chinaDayStart } from '../lessons/lessonStats.js';

const DAY = 86_400_000;

export async function shiftDemoWindows(db: Orm, stateKey: string, activityIds: readonly string[], anchorAt: number, now: number): Promise<void> {
  const days = Math.round((chinaDayStart(now) - anchorAt) / DAY);
  if (days <= 0 || activityIds.length === 0) return;
  const shift = days * DAY;
  const a = activities;
  const plus = (column: typeof a.signUpStartAt) => sql`${column} + ${shift}`;
  await db
    .update(a)
    .set({
      signUpStartAt: plus(a.signUpStartAt), signUpEndAt: plus(a.signUpEndAt), uploadStartAt: plus(a.uploadStartAt),
      uploadEndAt: plus(a.uploadEndAt), auditStartAt: plus(a.auditStartAt), auditEndAt: plus(a.auditEndAt),
    })
    .where(inArray(a.id, [...activityIds]));
  await db.update(lessonDemoState).set({ anchorAt: sql`${lessonDemoState.anchorAt} + ${shift}` }).where(eq(lessonDemoState.key, stateKey));
}
