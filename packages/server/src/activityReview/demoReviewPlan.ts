/**
 * What the works-review demo holds (docs/activities.md "Works review", demo data): a city activity of
 * primary Chinese (小学语文, 三年级上册) in its audit window, teachers of four schools in three districts,
 * reviewers at school, district and city level, and works in every review state with their trace.
 */
import { AuditDecision } from '@dscloud/sdk/review';
import { DEMO_ORG_IDS } from '../users/demoSeed.js';

export const DEMO_REVIEW_ACTIVITY = 'ac-review-demo';
/** Reviewed as works come in: sign-up, upload and audit windows open together (demoRolling.ts). */
export const DEMO_ROLLING_ACTIVITY = 'ac-rolling-demo';

/** Demo accounts (users/demoSeed.ts) that review. */
export const AUDITOR_ID = '100000000000000006';
export const REVIEWER_ID = '100000000000000010';
export const TEACHER_ID = '100000000000000001';

/** People this demo adds (password: the demo password). */
export const DEMO_REVIEW_PEOPLE = [
  { id: 'u-demo-rv-t1', username: 'rvteacher1', displayName: '陈静', orgId: 'sc-01' },
  { id: 'u-demo-rv-t2', username: 'rvteacher2', displayName: '林涛', orgId: 'sc-05' },
  { id: 'u-demo-rv-t3', username: 'rvteacher3', displayName: '何丽', orgId: 'sc-04' },
  { id: 'u-demo-rv-t4', username: 'rvteacher4', displayName: '宋佳', orgId: 'sc-02' },
  { id: 'u-demo-rv-s01', username: 'rvsc01', displayName: '马晓东', orgId: 'sc-01' },
  { id: 'u-demo-rv-s05', username: 'rvsc05', displayName: '黄倩', orgId: 'sc-05' },
  { id: 'u-demo-rv-s04', username: 'rvsc04', displayName: '罗晨', orgId: 'sc-04' },
  { id: 'u-demo-rv-s02', username: 'rvsc02', displayName: '梁燕', orgId: 'sc-02' },
  { id: 'u-demo-rv-d4', username: 'rvdonghu', displayName: '许文博', orgId: DEMO_ORG_IDS.district2 },
  { id: 'u-demo-rv-d3', username: 'rvchaoyang', displayName: '韩雪', orgId: '330103000000' },
] as const;

const STAGE = 2;
const SUBJECT = 213;

/** The review demo's reviewers, [level, user, unit]; the rolling activity gets the same people. */
const REVIEW_DEMO_REVIEWERS: Array<[1 | 2 | 3, string, string]> = [
  [1, AUDITOR_ID, DEMO_ORG_IDS.school],
  [1, 'u-demo-rv-s01', 'sc-01'],
  [1, 'u-demo-rv-s05', 'sc-05'],
  [1, 'u-demo-rv-s04', 'sc-04'],
  [1, 'u-demo-rv-s02', 'sc-02'],
  [2, REVIEWER_ID, DEMO_ORG_IDS.district],
  [2, 'u-demo-rv-d4', DEMO_ORG_IDS.district2],
  [2, 'u-demo-rv-d3', '330103000000'],
  [3, REVIEWER_ID, DEMO_ORG_IDS.city],
];

type Assignment = [string, string, 1 | 2 | 3, string, string, number, number];
const reviewersOf = (idPrefix: string, activityId: string): Assignment[] =>
  REVIEW_DEMO_REVIEWERS.map(([level, user, unit], i) => [`${idPrefix}${i + 1}`, activityId, level, user, unit, STAGE, SUBJECT]);

/** Reviewer assignments: [id, activity, level, user, unit, stage, subject]. */
export const DEMO_ASSIGNMENTS: Assignment[] = [
  ...reviewersOf('ap-demo-rv-', DEMO_REVIEW_ACTIVITY),
  // The uploading demo activity: the same people, ready when its audit window opens.
  ['ap-demo-up-1', 'ac-demo-upload', 1, AUDITOR_ID, DEMO_ORG_IDS.school, STAGE, SUBJECT],
  ['ap-demo-up-2', 'ac-demo-upload', 2, REVIEWER_ID, DEMO_ORG_IDS.district, STAGE, SUBJECT],
  ['ap-demo-up-3', 'ac-demo-upload', 3, REVIEWER_ID, DEMO_ORG_IDS.city, STAGE, SUBJECT],
  ['ap-demo-up-4', 'ac-demo-upload', 3, REVIEWER_ID, DEMO_ORG_IDS.city, 3, 314],
  // The rolling activity: the school reviewers of the review demo, the districts' and the city's.
  ...reviewersOf('ap-demo-roll-', DEMO_ROLLING_ACTIVITY),
];

const { PASS, RETURN, REJECT, EXCELLENT } = AuditDecision;

/** A decision of the trace: [level, round, reviewer, decision, score, opinion]. */
export type DemoDecision = [1 | 2 | 3, number, string, number, number | null, string];

export interface DemoWork {
  id: string;
  teacherId: string;
  nodeId: string;
  title: string;
  /** Where it stands now. */
  reviewState: number;
  reviewLevel: 1 | 2 | 3;
  round: number;
  trace: DemoDecision[];
}

const ok = (level: 1 | 2 | 3, reviewer: string, score: number): DemoDecision => [level, 1, reviewer, PASS, score, '教学目标清晰，课堂实录完整，同意推荐。'];

export const DEMO_REVIEW_WORKS: DemoWork[] = [
  { id: 'aw-demo-rv-01', teacherId: TEACHER_ID, nodeId: 'bk-213-3a-01-01', title: '大青树下的小学（第一课时）', reviewState: 1, reviewLevel: 1, round: 1, trace: [] },
  {
    id: 'aw-demo-rv-02', teacherId: TEACHER_ID, nodeId: 'bk-213-3a-01-02', title: '花的学校', reviewState: 2, reviewLevel: 2, round: 1,
    trace: [ok(1, AUDITOR_ID, 82), [2, 1, REVIEWER_ID, RETURN, 58, '课堂实录中学生互动环节偏少，请补充小组讨论片段后重新提交。']],
  },
  {
    id: 'aw-demo-rv-03', teacherId: TEACHER_ID, nodeId: 'bk-213-3a-01-03', title: '不懂就要问', reviewState: 1, reviewLevel: 1, round: 2,
    trace: [[1, 1, AUDITOR_ID, RETURN, null, '教学设计缺少板书设计，请补充后重新提交。']],
  },
  { id: 'aw-demo-rv-04', teacherId: 'u-demo-rv-t1', nodeId: 'bk-213-3a-02-01', title: '古诗三首', reviewState: 1, reviewLevel: 2, round: 1, trace: [ok(1, 'u-demo-rv-s01', 85)] },
  { id: 'aw-demo-rv-05', teacherId: 'u-demo-rv-t2', nodeId: 'bk-213-3a-02-02', title: '铺满金色巴掌的水泥道', reviewState: 1, reviewLevel: 2, round: 1, trace: [ok(1, 'u-demo-rv-s05', 88)] },
  {
    id: 'aw-demo-rv-06', teacherId: 'u-demo-rv-t3', nodeId: 'bk-213-3a-02-03', title: '秋天的雨', reviewState: 1, reviewLevel: 3, round: 1,
    trace: [ok(1, 'u-demo-rv-s04', 90), ok(2, 'u-demo-rv-d4', 87)],
  },
  {
    id: 'aw-demo-rv-07', teacherId: 'u-demo-rv-t4', nodeId: 'bk-213-3a-02-04', title: '听听，秋的声音', reviewState: 3, reviewLevel: 3, round: 1,
    trace: [ok(1, 'u-demo-rv-s02', 84), ok(2, 'u-demo-rv-d3', 83), ok(3, REVIEWER_ID, 81)],
  },
  {
    id: 'aw-demo-rv-08', teacherId: 'u-demo-rv-t1', nodeId: 'bk-213-3a-03-01', title: '去年的树', reviewState: 4, reviewLevel: 1, round: 1,
    trace: [[1, 1, 'u-demo-rv-s01', REJECT, 35, '课堂实录画面模糊、声音断续，不符合征集要求。']],
  },
  {
    id: 'aw-demo-rv-09', teacherId: 'u-demo-rv-t3', nodeId: 'bk-213-3a-03-02', title: '在牛肚子里旅行', reviewState: 5, reviewLevel: 3, round: 1,
    trace: [ok(1, 'u-demo-rv-s04', 94), ok(2, 'u-demo-rv-d4', 95), [3, 1, REVIEWER_ID, EXCELLENT, 96, '设计新颖，学生参与度高，评为优秀作品。']],
  },
  { id: 'aw-demo-rv-10', teacherId: 'u-demo-rv-t4', nodeId: 'bk-213-3a-03-03', title: '一块奶酪', reviewState: 1, reviewLevel: 1, round: 1, trace: [] },
];

/** Rubric points for a total (the three items in proportion). */
export function demoScores(total: number): Record<string, number> {
  const design = Math.round(total * 0.3);
  const media = Math.round(total * 0.3);
  return { design, delivery: total - design - media, media };
}
