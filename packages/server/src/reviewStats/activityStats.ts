/**
 * `staActivityManage`: an activity's sign-ups and works by total, stage and subject, area (districts,
 * then a district's schools) and the sign-up persons. The figures come from the counters kept with the
 * works and sign-ups (counters.ts); names are joined afterwards.
 */
import { sql, type SQL } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { ActivityTotals, AreaStatRow, SignUpPersonQuery, SignUpPersonRow, SubjectStatRow, WorkCounts } from '@dscloud/sdk/review';
import type { Orm } from '../db/database.js';
import { containsPattern, num, rows } from '../db/rows.js';
import { AppError } from '../http/appError.js';
import { stageName, subjectName } from '../curriculum/names.js';
import { activityAreas, activitySchools } from '../activityWorks/orgs.js';
import type { ActivityRow } from '../activities/activityAccess.js';
import { ZERO_COUNTS } from './statsAccess.js';
import { signUpCountsBy, stageSubjectOf, workCountsBy } from './counters.js';

type R = Record<string, unknown>;
const key = (...parts: unknown[]) => parts.map(String).join('|');

export async function activityTotals(db: Orm, activityId: string): Promise<ActivityTotals> {
  const [works, signUps, schools, districts, nodes] = await Promise.all([
    workCountsBy(db, activityId, 'all'),
    signUpCountsBy(db, activityId, 'all'),
    signUpCountsBy(db, activityId, 'school'),
    signUpCountsBy(db, activityId, 'district'),
    signUpCountsBy(db, activityId, 'nodes'),
  ]);
  return {
    activityId,
    signUpPersons: signUps.get('') ?? 0,
    signUpNodes: nodes.get('') ?? 0,
    schools: schools.size,
    districts: [...districts.keys()].filter((k) => k !== '').length,
    ...(works.get('') ?? { ...ZERO_COUNTS }),
  };
}

export async function subjectStats(db: Orm, activityId: string): Promise<SubjectStatRow[]> {
  const [scope, works, signUps] = await Promise.all([
    rows<R>(db, sql`SELECT DISTINCT stage, subject_code, min(sort) AS sort FROM activity_scopes WHERE activity_id = ${activityId} GROUP BY stage, subject_code`),
    workCountsBy(db, activityId, 'subject'),
    signUpCountsBy(db, activityId, 'subject'),
  ]);
  const order = new Map<string, number>();
  for (const s of scope.sort((a, b) => num(a.sort) - num(b.sort))) order.set(key(s.stage, s.subject_code), order.size);
  for (const k of [...works.keys(), ...signUps.keys()]) if (!order.has(k)) order.set(k, order.size);
  return [...order.keys()].map((k) => {
    const { stage, subjectCode } = stageSubjectOf(k);
    return { stage, stageName: stageName(stage), subjectCode, subjectName: subjectName(subjectCode), signUpPersons: signUps.get(k) ?? 0, ...(works.get(k) ?? { ...ZERO_COUNTS }) };
  });
}

/** Districts of the organiser's subtree, or the schools of one district (zeros included). */
export async function areaStats(db: Orm, activity: ActivityRow, districtId?: string): Promise<AreaStatRow[]> {
  const id = activity.id;
  if (!districtId) {
    const [areas, works, signUps] = await Promise.all([activityAreas(db, activity.orgId), workCountsBy(db, id, 'district'), signUpCountsBy(db, id, 'district')]);
    return merge(
      areas.map((a) => ({ orgId: a.orgId, orgName: a.name })),
      'district',
      works,
      signUps,
    );
  }
  const schools = await activitySchools(db, activity.orgId, districtId);
  if (!schools) throw new AppError(Codes.MISSING_PARAMETER, `参数 districtId：区县 ${districtId} 不在该活动的范围内`, { field: 'districtId' });
  return schoolStats(db, id, schools);
}

/** Every school of the organiser's subtree (the export's school sheet). */
export async function allSchoolStats(db: Orm, activity: ActivityRow): Promise<AreaStatRow[]> {
  return schoolStats(db, activity.id, (await activitySchools(db, activity.orgId)) ?? []);
}

async function schoolStats(db: Orm, id: string, schools: Array<{ orgId: string; name: string }>): Promise<AreaStatRow[]> {
  if (schools.length === 0) return [];
  const [works, signUps] = await Promise.all([workCountsBy(db, id, 'school'), signUpCountsBy(db, id, 'school')]);
  return merge(
    schools.map((s) => ({ orgId: s.orgId, orgName: s.name })),
    'school',
    works,
    signUps,
  );
}

function merge(units: Array<{ orgId: string; orgName: string }>, kind: AreaStatRow['kind'], works: Map<string, WorkCounts>, signUps: Map<string, number>): AreaStatRow[] {
  return units.map((u) => ({ ...u, kind, signUpPersons: signUps.get(u.orgId) ?? 0, ...(works.get(u.orgId) ?? { ...ZERO_COUNTS }) }));
}

/** The sign-up persons, newest first; `offset/limit` for a page or an export's batch. */
export async function signUpPersons(db: Orm, q: SignUpPersonQuery, offset: number, limit: number): Promise<{ rows: SignUpPersonRow[]; where: SQL }> {
  const keyword = q.keyword?.trim();
  const where = sql.join(
    [
      sql`s.activity_id = ${q.activityId} AND s.status = 1`,
      q.districtId ? sql`s.district_id = ${q.districtId}` : undefined,
      q.schoolId ? sql`s.school_id = ${q.schoolId}` : undefined,
      q.stage !== undefined ? sql`s.stage = ${q.stage}` : undefined,
      q.subjectCode !== undefined ? sql`s.subject_code = ${q.subjectCode}` : undefined,
      keyword ? sql`(s.real_name ILIKE ${containsPattern(keyword)} OR s.phone ILIKE ${containsPattern(keyword)})` : undefined,
    ].filter((p): p is SQL => p !== undefined),
    sql` AND `,
  );
  const found = await rows<R>(
    db,
    sql`SELECT s.id, s.user_id, s.real_name, s.phone, s.school_id, sc.name AS school_name, s.district_id, d.name AS district_name,
               s.stage, s.subject_code, s.created_at,
               (SELECT count(*) FROM activity_sign_up_nodes n WHERE n.sign_up_id = s.id AND n.status = 1) AS node_count,
               (SELECT count(*) FROM activity_works w WHERE w.sign_up_id = s.id AND w.submit_status <> 2) AS work_count,
               (SELECT count(*) FROM activity_works w WHERE w.sign_up_id = s.id AND w.submit_status = 1) AS submitted_count
        FROM activity_sign_ups s
        LEFT JOIN organisations sc ON sc.id = s.school_id
        LEFT JOIN organisations d ON d.id = s.district_id
        WHERE ${where}
        ORDER BY s.created_at DESC, s.id
        LIMIT ${limit} OFFSET ${offset}`,
  );
  return {
    where,
    rows: found.map((r) => ({
      signUpId: String(r.id),
      userId: String(r.user_id),
      realName: String(r.real_name),
      phone: String(r.phone ?? ''),
      schoolId: String(r.school_id),
      schoolName: String(r.school_name ?? ''),
      districtId: r.district_id == null ? null : String(r.district_id),
      districtName: String(r.district_name ?? ''),
      stage: num(r.stage),
      stageName: stageName(num(r.stage)),
      subjectCode: num(r.subject_code),
      subjectName: subjectName(num(r.subject_code)),
      nodeCount: num(r.node_count),
      workCount: num(r.work_count),
      submittedCount: num(r.submitted_count),
      signedUpAt: num(r.created_at),
    })),
  };
}

export async function signUpPersonTotal(db: Orm, where: SQL): Promise<number> {
  const [r] = await rows<R>(db, sql`SELECT count(*) AS n FROM activity_sign_ups s WHERE ${where}`);
  return num(r?.n);
}
