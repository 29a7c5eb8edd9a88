/**
 * Demo activities of the demo city 东山市教育局 (SEED_DEMO), so a first start shows the whole flow: one
 * activity in its sign-up window, one uploading works, both with the demo teachers `teacher` (南湖实小,
 * primary) and `teacher2` (东山市第八中学, junior high) signed up and holding nodes. Sign-ups, claimed
 * nodes and node occupancy are written together so `taken` always equals the active claims.
 *
 * Windows are set relative to the first seeding; later starts move them along by whole China days
 * (as the demo live lessons do), so the phases stay the same on every start. Idempotent.
 * Works are seeded separately, after this, against `DEMO_SIGN_UP_NODES` (the works' own demo seed).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { ActivityStatus, DEFAULT_VIDEO_RULES, type ActivityScopeEntry } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { insertMany } from '../db/insertMany.js';
import { activities, activityScopes, activitySignUpNodes, activitySignUps, lessonDemoState, users } from '../db/schema.js';
import { chinaDayStart } from '../lessons/lessonStats.js';
import { SEED_BANNER_PREFIX } from '../lessons/seedFiles.js';
import { DEMO_ACCOUNTS, DEMO_ORG_IDS } from '../users/demoSeed.js';
import { DEFAULT_PACKAGE_TEMPLATE } from './activityRules.js';
import { shiftDemoWindows } from './demoWindows.js';

const DAY = 86_400_000;
const STATE_KEY = 'activities';

export const DEMO_ACTIVITY_IDS = { signUp: 'ac-demo-signup', upload: 'ac-demo-upload' } as const;

interface DemoSignUp {
  id: string;
  activityId: string;
  username: 'teacher' | 'teacher2';
  stage: number;
  subjectCode: number;
  phone: string;
  /** Claimed nodes: [signUpNodeId, lesson node id]. */
  nodes: Array<[string, string]>;
}

/** The demo sign-ups and their claimed nodes; works of the upload activity attach to these signUpNodeIds. */
export const DEMO_SIGN_UPS: readonly DemoSignUp[] = [
  { id: 'su-demo-signup-t1', activityId: DEMO_ACTIVITY_IDS.signUp, username: 'teacher', stage: 2, subjectCode: 214, phone: '13800000001', nodes: [['sn-demo-signup-t1-1', 'bk-214-3a-03-01']] },
  { id: 'su-demo-signup-t2', activityId: DEMO_ACTIVITY_IDS.signUp, username: 'teacher2', stage: 3, subjectCode: 314, phone: '13800000009', nodes: [['sn-demo-signup-t2-1', 'bk-314-7a-01-01']] },
  {
    id: 'su-demo-upload-t1', activityId: DEMO_ACTIVITY_IDS.upload, username: 'teacher', stage: 2, subjectCode: 213, phone: '13800000001',
    nodes: [['sn-demo-upload-t1-1', 'bk-213-3a-01-01'], ['sn-demo-upload-t1-2', 'bk-213-3a-01-02']],
  },
  { id: 'su-demo-upload-t2', activityId: DEMO_ACTIVITY_IDS.upload, username: 'teacher2', stage: 3, subjectCode: 314, phone: '13800000009', nodes: [['sn-demo-upload-t2-1', 'bk-314-7a-01-02']] },
];

/** signUpNodeId → who holds it, for seeding works. */
export const DEMO_SIGN_UP_NODES = DEMO_SIGN_UPS.flatMap((s) => s.nodes.map(([signUpNodeId, nodeId]) => ({ signUpNodeId, nodeId, signUpId: s.id, activityId: s.activityId, username: s.username })));

const NOTICE = (what: string) =>
  `<h3>活动说明</h3><p>为推进优质教育资源共建共享，东山市教育局面向全市中小学教师开展${what}征集活动。</p>` +
  '<ol><li>在报名时间内完成报名并认领课程节点，每个节点最多 2 位教师。</li><li>在作品上传时间内上传课堂实录视频、教学设计等材料，通过形式审查后提交。</li>' +
  '<li>作品经校级、区级、市级逐级评审，优秀作品将收录到云课堂。</li></ol>';

function demoActivities(now: number) {
  const city = DEMO_ORG_IDS.city;
  const base = { orgId: city, status: ActivityStatus.PUBLISHED, reviewLevels: [1, 2, 3] as (1 | 2 | 3)[], packageTemplate: DEFAULT_PACKAGE_TEMPLATE, videoRules: DEFAULT_VIDEO_RULES, createdAt: now - 20 * DAY, updatedAt: now - 15 * DAY, publishedAt: now - 15 * DAY };
  return [
    {
      ...base, id: DEMO_ACTIVITY_IDS.signUp, name: '2026 年东山市中小学数学精品课征集', description: NOTICE('数学精品课'), activitySystem: 1,
      coverUrl: `${SEED_BANNER_PREFIX}activity-01-math.jpg`,
      signUpStartAt: now - 2 * DAY, signUpEndAt: now + 2 * DAY, uploadStartAt: now + 3 * DAY, uploadEndAt: now + 20 * DAY, auditStartAt: now + 20 * DAY, auditEndAt: now + 35 * DAY,
      rules: { nodesPerTeacher: 2, teachersPerNode: 2, allowFormatWarnings: false },
    },
    {
      ...base, id: DEMO_ACTIVITY_IDS.upload, name: '东山市语文、数学微课征集（第一批）', description: NOTICE('微课'), activitySystem: 3,
      coverUrl: `${SEED_BANNER_PREFIX}activity-02-microlesson.jpg`,
      signUpStartAt: now - 14 * DAY, signUpEndAt: now - DAY, uploadStartAt: now - 7 * DAY, uploadEndAt: now + 10 * DAY, auditStartAt: now + 10 * DAY, auditEndAt: now + 25 * DAY,
      rules: { nodesPerTeacher: 3, teachersPerNode: 2, allowFormatWarnings: true },
      // The demo clips (seed/works/) last a few seconds: the duration rule is relaxed, the others are the defaults.
      videoRules: { ...DEFAULT_VIDEO_RULES, minDurationSeconds: 1 },
    },
  ];
}

const SCOPES: Record<string, ActivityScopeEntry[]> = {
  [DEMO_ACTIVITY_IDS.signUp]: [
    { stage: 2, subjectCode: 214, editionId: 'ed-renjiao', bookId: 'bk-214-3a' },
    { stage: 3, subjectCode: 314, editionId: 'ed-renjiao', bookId: 'bk-314-7a' },
  ],
  [DEMO_ACTIVITY_IDS.upload]: [
    { stage: 2, subjectCode: 213, editionId: 'ed-tongbian', bookId: 'bk-213-3a' },
    { stage: 3, subjectCode: 314, editionId: 'ed-renjiao', bookId: 'bk-314-7a' },
  ],
};

export async function seedDemoActivities(db: Orm, now: number): Promise<void> {
  const d = lessonDemoState;
  const [seeded] = await db.select({ anchorAt: d.anchorAt }).from(d).where(eq(d.key, STATE_KEY));
  if (seeded) return shiftDemoWindows(db, STATE_KEY, Object.values(DEMO_ACTIVITY_IDS), seeded.anchorAt, now);

  const list = demoActivities(now);
  await insertMany(db, activities, list, { skipExisting: true });
  await insertMany(
    db,
    activityScopes,
    Object.entries(SCOPES).flatMap(([activityId, entries]) => entries.map((e, sort) => ({ activityId, ...e, sort }))),
    { skipExisting: true },
  );

  const byName = new Map(DEMO_ACCOUNTS.map((a) => [a.username, a]));
  const present = new Set((await db.select({ id: users.id }).from(users).where(inArray(users.id, DEMO_ACCOUNTS.map((a) => a.id)))).map((r) => r.id));
  const signUps = DEMO_SIGN_UPS.filter((s) => present.has(byName.get(s.username)!.id));
  const created = now - 10 * DAY;
  await insertMany(
    db,
    activitySignUps,
    signUps.map((s) => {
      const account = byName.get(s.username)!;
      const districtId = account.orgId === DEMO_ORG_IDS.school ? DEMO_ORG_IDS.district : DEMO_ORG_IDS.district2;
      return { id: s.id, activityId: s.activityId, userId: account.id, realName: account.displayName, phone: s.phone, schoolId: account.orgId, districtId, stage: s.stage, subjectCode: s.subjectCode, createdAt: created, updatedAt: created };
    }),
    { skipExisting: true },
  );
  const claims = signUps.flatMap((s) => s.nodes.map(([id, nodeId]) => ({ id, signUpId: s.id, activityId: s.activityId, userId: byName.get(s.username)!.id, nodeId, createdAt: created })));
  await insertMany(db, activitySignUpNodes, claims, { skipExisting: true });
  // Occupancy from the active claims themselves, so the two can never disagree.
  await db.execute(sql`
    INSERT INTO activity_node_occupancy (activity_id, node_id, taken)
    SELECT activity_id, node_id, count(*) FROM activity_sign_up_nodes
    WHERE status = 1 AND activity_id IN (${DEMO_ACTIVITY_IDS.signUp}, ${DEMO_ACTIVITY_IDS.upload})
    GROUP BY activity_id, node_id
    ON CONFLICT (activity_id, node_id) DO UPDATE SET taken = EXCLUDED.taken`);
  await db.insert(d).values({ key: STATE_KEY, anchorAt: chinaDayStart(now) }).onConflictDoNothing();
}

