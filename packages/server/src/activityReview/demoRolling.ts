/**
 * A demo activity reviewed as works come in (随交随评): its sign-up, upload and audit windows are all
 * open, so a teacher can sign up, claim a node, upload and submit a work, and the reviewers (the same
 * people as the review demo, demoReviewPlan.ts) can take it through school, district and city level on
 * the same day. It starts empty: no sign-ups, no works. Later starts move its windows along by whole
 * China days (its own anchor, so a database seeded before it existed gets it on its next start).
 * Idempotent.
 */
import { eq } from 'drizzle-orm';
import { ActivityStatus, DEFAULT_VIDEO_RULES } from '@dscloud/sdk/activities';
import type { ReviewRules } from '@dscloud/sdk/review';
import type { Orm } from '../db/database.js';
import { activities, activityScopes, lessonDemoState } from '../db/schema.js';
import { chinaDayStart } from '../lessons/lessonStats.js';
import { SEED_BANNER_PREFIX } from '../lessons/seedFiles.js';
import { DEFAULT_PACKAGE_TEMPLATE } from '../activities/activityRules.js';
import { DEMO_ORG_IDS } from '../users/demoSeed.js';
import { DEMO_ROLLING_ACTIVITY } from './demoReviewPlan.js';
import { shiftDemoWindows } from '../activities/demoWindows.js';

const DAY = 86_400_000;
const STATE_KEY = 'activityRolling';

function rollingRow(now: number, reviewRules: ReviewRules) {
  return {
    id: DEMO_ROLLING_ACTIVITY,
    name: '东山市小学语文微课征集（随交随评）',
    description:
      '<h3>活动说明</h3><p>三年级上册语文微课常年征集：报名、上传与评审同时进行，作品提交后即进入校级评审，' +
      '经校级、区级、市级逐级评审，优秀作品将收录到云课堂。</p>',
    coverUrl: `${SEED_BANNER_PREFIX}activity-02-microlesson.jpg`,
    orgId: DEMO_ORG_IDS.city,
    activitySystem: 3,
    status: ActivityStatus.PUBLISHED,
    signUpStartAt: now - 2 * DAY,
    signUpEndAt: now + 20 * DAY,
    uploadStartAt: now - 2 * DAY,
    uploadEndAt: now + 25 * DAY,
    auditStartAt: now - DAY,
    auditEndAt: now + 40 * DAY,
    reviewLevels: [1, 2, 3] as (1 | 2 | 3)[],
    packageTemplate: DEFAULT_PACKAGE_TEMPLATE,
    rules: { nodesPerTeacher: 2, teachersPerNode: 2, allowFormatWarnings: true },
    // The demo clips (seed/works/) last a few seconds: the duration rule is relaxed, the others are the defaults.
    videoRules: { ...DEFAULT_VIDEO_RULES, minDurationSeconds: 1 },
    reviewRules,
    publishedAt: now - 3 * DAY,
    createdAt: now - 4 * DAY,
    updatedAt: now - 3 * DAY,
  };
}

/** Inserts the activity on its first start, or moves its windows along by the whole days since. */
export async function seedRollingActivity(db: Orm, now: number, reviewRules: ReviewRules): Promise<void> {
  const [seeded] = await db.select({ anchorAt: lessonDemoState.anchorAt }).from(lessonDemoState).where(eq(lessonDemoState.key, STATE_KEY));
  if (seeded) return shiftDemoWindows(db, STATE_KEY, [DEMO_ROLLING_ACTIVITY], seeded.anchorAt, now);
  const inserted = await db.insert(activities).values(rollingRow(now, reviewRules)).onConflictDoNothing().returning({ id: activities.id });
  if (inserted.length) await db.insert(activityScopes).values({ activityId: DEMO_ROLLING_ACTIVITY, stage: 2, subjectCode: 213, editionId: 'ed-tongbian', bookId: 'bk-213-3a', sort: 0 });
  await db.insert(lessonDemoState).values({ key: STATE_KEY, anchorAt: chinaDayStart(now) }).onConflictDoNothing();
}

