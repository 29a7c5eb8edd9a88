/**
 * `staActivityManage`: an activity's sign-ups and works by total, stage and subject, area (districts,
 * then a district's schools) and the sign-up persons. Each figure is one GROUP BY over the activity's
 * rows (activity_works' indexes of migration 0080 lead with activity_id); names are joined afterwards.
 */
import { sql, type SQL } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { ActivityTotals, AreaStatRow, SignUpPersonQuery, SignUpPersonRow, SubjectStatRow } from '@dscloud/sdk/review';
import type { Orm } from '../db/database.js';
import { containsPattern, num, rows } from '../db/rows.js';
import { AppError } from '../http/appError.js';
import { stageName, subjectName } from '../curriculum/names.js';
import { activityAreas, activitySchools } from '../activityWorks/orgs.js';
import type { ActivityRow } from '../activities/activityAccess.js';
import { countsOf, WORK_COUNTS } from './statsAccess.js';

type R = Record<string, unknown>;
const key = (...parts: unknown[]) => parts.map(String).join('|');

export async function activityTotals(db: Orm, activityId: string): Promise<ActivityTotals> {
  const [[works], [signUps], [nodes]] = await Promise.all([
    rows<R>(db, sql`SELECT ${WORK_COUNTS} FROM activity_works w WHERE w.activity_id = ${activityId}`),
    rows<R>(
      db,
      sql`SELECT count(*) AS persons, count(DISTINCT school_id) AS schools, count(DISTINCT district_id) AS districts
          FROM activity_sign_ups WHERE activity_id = ${activityId} AND status = 1`,
    ),
    rows<R>(db, sql`SELECT count(*) AS n FROM activity_sign_up_nodes WHERE activity_id = ${activityId} AND status = 1`),
  ]);
  return {
    activityId,
    signUpPersons: num(signUps?.persons),
    signUpNodes: num(nodes?.n),
    schools: num(signUps?.schools),
    districts: num(signUps?.districts),
    ...countsOf(works),
  };
}

export async function subjectStats(db: Orm, activityId: string): Promise<SubjectStatRow[]> {
  const [scope, works, signUps] = await Promise.all([
    rows<R>(db, sql`SELECT DISTINCT stage, subject_code, min(sort) AS sort FROM activity_scopes WHERE activity_id = ${activityId} GROUP BY stage, subject_code`),
    rows<R>(
      db,
      sql`SELECT coalesce(w.stage, s.stage) AS stage, coalesce(w.subject_code, s.subject_code) AS subject_code, ${WORK_COUNTS}
          FROM activity_works w JOIN activity_sign_ups s ON s.id = w.sign_up_id
          WHERE w.activity_id = ${activityId} GROUP BY 1, 2`,
    ),
    rows<R>(db, sql`SELECT stage, subject_code, count(*) AS n FROM activity_sign_ups WHERE activity_id = ${activityId} AND status = 1 GROUP BY 1, 2`),
  ]);
  const order = new Map<string, number>();
  for (const s of scope.sort((a, b) => num(a.sort) - num(b.sort))) order.set(key(s.stage, s.subject_code), order.size);
  for (const r of [...works, ...signUps]) if (!order.has(key(r.stage, r.subject_code))) order.set(key(r.stage, r.subject_code), order.size);
  const worksBy = new Map(works.map((r) => [key(r.stage, r.subject_code), r]));
  const personsBy = new Map(signUps.map((r) => [key(r.stage, r.subject_code), num(r.n)]));
  return [...order.keys()].map((k) => {
    const [stage, subjectCode] = k.split('|').map(Number) as [number, number];
    return { stage, stageName: stageName(stage), subjectCode, subjectName: subjectName(subjectCode), signUpPersons: personsBy.get(k) ?? 0, ...countsOf(worksBy.get(k)) };
  });
}

/** Districts of the organiser's subtree, or the schools of one district (zeros included). */
export async function areaStats(db: Orm, activity: ActivityRow, districtId?: string): Promise<AreaStatRow[]> {
  const id = activity.id;
  if (!districtId) {
    const [areas, works, signUps] = await Promise.all([
      activityAreas(db, activity.orgId),
      rows<R>(
        db,
        sql`SELECT coalesce(w.district_id, s.district_id) AS org_id, ${WORK_COUNTS}
            FROM activity_works w JOIN activity_sign_ups s ON s.id = w.sign_up_id WHERE w.activity_id = ${id} GROUP BY 1`,
      ),
      rows<R>(db, sql`SELECT district_id AS org_id, count(*) AS n FROM activity_sign_ups WHERE activity_id = ${id} AND status = 1 GROUP BY 1`),
    ]);
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
  const ids = schools.map((s) => s.orgId);
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((s) => sql`${s}`),
    sql`, `,
  );
  const [works, signUps] = await Promise.all([
    rows<R>(db, sql`SELECT w.school_id AS org_id, ${WORK_COUNTS} FROM activity_works w WHERE w.activity_id = ${id} AND w.school_id IN (${list}) GROUP BY 1`),
    rows<R>(db, sql`SELECT school_id AS org_id, count(*) AS n FROM activity_sign_ups WHERE activity_id = ${id} AND status = 1 AND school_id IN (${list}) GROUP BY 1`),
  ]);
  return merge(
    schools.map((s) => ({ orgId: s.orgId, orgName: s.name })),
    'school',
    works,
    signUps,
  );
}

function merge(units: Array<{ orgId: string; orgName: string }>, kind: AreaStatRow['kind'], works: R[], signUps: R[]): AreaStatRow[] {
  const worksBy = new Map(works.map((r) => [String(r.org_id), r]));
  const personsBy = new Map(signUps.map((r) => [String(r.org_id), num(r.n)]));
  return units.map((u) => ({ ...u, kind, signUpPersons: personsBy.get(u.orgId) ?? 0, ...countsOf(worksBy.get(u.orgId)) }));
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
