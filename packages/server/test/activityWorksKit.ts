/**
 * What the sign-up and works tests share: an activity written straight into the tables (the organiser's
 * calls are tested on their own), teachers made for a test, and uploads of real files.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { DEFAULT_VIDEO_RULES, type PackageTemplateItem, type ActivityRules, type VideoRules } from '@dscloud/sdk/activities';
import { hashPassword } from '../src/auth/password.js';
import { DEMO_PASSWORD, type Harness } from './harness.js';
import { uploadWhole } from './filesKit.js';

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const SIGN_UP = '/cloudSchool/v1/activitySignUp';
export const WORK = '/cloudSchool/v1/activityWork';

/** The demo city, the demo teacher's school (南湖实小 under 南湖区) and teacher2's (sc-07 under 东湖区). */
export const ORG = { city: '330100000000', district: '330102000000', school: '330102001001', district2: '330104000000', school2: 'sc-07' } as const;

/** Leaves of 语文 一年级上册 (stage 2, subject 213). */
export const BOOK = 'bk-213-1a';
export const LEAF = ['bk-213-1a-01-01', 'bk-213-1a-01-02', 'bk-213-1a-01-03', 'bk-213-1a-02-01', 'bk-213-1a-02-02'] as const;
export const HEADING = 'bk-213-1a-01';

export const TEMPLATE: PackageTemplateItem[] = [
  { item: 1, required: true, fileCategories: [2], maxFiles: 1 },
  { item: 2, required: true, fileCategories: [5], maxFiles: 1 },
  { item: 4, required: false, fileCategories: [5, 6], maxFiles: 2 },
];

/** The fixtures are a few seconds long: the duration and bitrate rules are relaxed, the rest are the 精品课 defaults. */
export const TEST_VIDEO_RULES: VideoRules = { ...DEFAULT_VIDEO_RULES, minDurationSeconds: 1, maxDurationSeconds: 60, bitrateKbps: null };

export interface ActivitySeed {
  orgId?: string;
  status?: number;
  /** Window bounds relative to the server's now. */
  signUp?: [number, number];
  upload?: [number, number];
  audit?: [number, number];
  scope?: Array<{ stage: number; subjectCode: number; editionId?: string | null; bookId?: string | null }>;
  reviewLevels?: number[];
  template?: PackageTemplateItem[];
  rules?: Partial<ActivityRules>;
  videoRules?: Partial<VideoRules>;
}

/** Writes a published activity (by default in its sign-up and upload windows) and answers its id. */
export async function seedActivity(h: Harness, s: ActivitySeed = {}): Promise<string> {
  const id = `act-${randomBytes(6).toString('hex')}`;
  const now = h.app.ctx.now();
  const [su, ue, ...rest] = [s.signUp ?? [-HOUR, 2 * DAY], s.upload ?? [-HOUR, 5 * DAY], s.audit ?? [6 * DAY, 8 * DAY]];
  const windows = [...su!, ...ue!, ...rest[0]!].map((offset) => now + offset);
  await h.query(
    `INSERT INTO activities (id, name, org_id, activity_system, status, sign_up_start_at, sign_up_end_at, upload_start_at, upload_end_at,
       audit_start_at, audit_end_at, review_levels, package_template, rules, video_rules, published_at, created_at, updated_at)
     VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $15)`,
    [
      id,
      `测试活动 ${id}`,
      s.orgId ?? ORG.city,
      s.status ?? 1,
      ...windows,
      JSON.stringify(s.reviewLevels ?? [1, 2, 3]),
      JSON.stringify(s.template ?? TEMPLATE),
      JSON.stringify({ nodesPerTeacher: 2, teachersPerNode: 2, allowFormatWarnings: false, ...s.rules }),
      JSON.stringify({ ...TEST_VIDEO_RULES, ...s.videoRules }),
      now,
    ],
  );
  const scope = s.scope ?? [{ stage: 2, subjectCode: 213, editionId: 'ed-tongbian', bookId: BOOK }];
  for (const [sort, row] of scope.entries()) {
    await h.query('INSERT INTO activity_scopes (activity_id, stage, subject_code, edition_id, book_id, sort) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      row.stage,
      row.subjectCode,
      row.editionId ?? null,
      row.bookId ?? null,
      sort,
    ]);
  }
  return id;
}

let passwordHash: Promise<string> | undefined;

/** Teacher accounts of a school (identity 5), logged in; answers their tokens and ids. */
export async function makeTeachers(h: Harness, count: number, orgId: string = ORG.school): Promise<Array<{ id: string; token: string }>> {
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const hash = await passwordHash;
  const made: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < count; i++) {
    const suffix = randomBytes(5).toString('hex');
    const id = `t-${suffix}`;
    await h.query(
      `INSERT INTO users (id, username, display_name, identity_code, sex, org_id, stage_code, password_hash, created_at) VALUES ($1, $2, $3, 5, '1', $4, '2', $5, $6)`,
      [id, `tch${suffix}`, `教师${i + 1}`, orgId, hash, Date.now()],
    );
    made.push({ id, token: await h.token(`tch${suffix}`) });
  }
  return made;
}

export const fixture = (name: string): Buffer => readFileSync(new URL(`../seed/works/${name}`, import.meta.url));

/** Uploads through the file service and answers the new file's id. */
export async function upload(h: Harness, token: string, bytes: Buffer, fileName: string): Promise<string> {
  const answer = await uploadWhole(h, token, bytes, fileName, 1024 * 1024);
  if (answer.status !== 200) throw new Error(`upload of ${fileName} failed: ${answer.status} ${answer.message}`);
  return String(answer.data.fileInfoId);
}

/** Signs up (stage 2 语文) and claims the nodes; answers the summary. */
export async function signUpFor(h: Harness, token: string, activityId: string, nodeIds: readonly string[] = []) {
  const saved = await h.call('POST', `${SIGN_UP}/save`, { token, body: { activityId, realName: '王晓明', phone: '13800000000', stage: 2, subjectCode: 213 } });
  if (saved.status !== 200) throw new Error(`sign-up failed: ${saved.status} ${saved.message}`);
  if (nodeIds.length === 0) return saved.data;
  const claimed = await h.call('POST', `${SIGN_UP}/nodeSave`, { token, body: { activityId, nodeIds } });
  if (claimed.status !== 200) throw new Error(`claim failed: ${claimed.status} ${claimed.message}`);
  return claimed.data;
}
