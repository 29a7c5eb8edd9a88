/**
 * The organisations a sign-up names: the teacher's school and its district (from the organisation
 * chain), and the districts and schools an activity reaches (its organiser's subtree), for the
 * sign-up form's area and school lists.
 */
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { rows } from '../db/rows.js';
import { OrgType } from '../users/orgTypes.js';

export interface TeacherOrgs {
  schoolId: string;
  schoolName: string;
  districtId: string | null;
  districtName: string;
}

interface ChainRow {
  id: string;
  name: string;
  short_name: string;
  org_type: number;
  depth: number;
}

const label = (r: { name: string; short_name?: string }) => r.name;

/** The school (the teacher's organisation, or the nearest school above a class) and its district. */
export async function teacherOrgs(db: Orm, orgId: string): Promise<TeacherOrgs> {
  const chain = await rows<ChainRow>(
    db,
    sql`WITH RECURSIVE up(id, name, short_name, org_type, parent_id, depth) AS (
          SELECT id, name, short_name, org_type, parent_id, 0 FROM organisations WHERE id = ${orgId}
          UNION ALL
          SELECT o.id, o.name, o.short_name, o.org_type, o.parent_id, up.depth + 1 FROM organisations o JOIN up ON o.id = up.parent_id WHERE up.depth < 10
        )
        SELECT id, name, short_name, org_type, depth FROM up ORDER BY depth`,
  );
  const school = chain.find((r) => Number(r.org_type) === OrgType.SCHOOL) ?? chain[0];
  const district = chain.find((r) => Number(r.org_type) === OrgType.DISTRICT_BUREAU);
  return {
    schoolId: school?.id ?? orgId,
    schoolName: school ? label(school) : '',
    districtId: district?.id ?? null,
    districtName: district ? label(district) : '',
  };
}

interface SubtreeRow {
  id: string;
  name: string;
  org_type: number;
  parent_id: string | null;
}

/** The organiser and every organisation below it (classes excluded). */
async function subtree(db: Orm, rootId: string): Promise<SubtreeRow[]> {
  return rows<SubtreeRow>(
    db,
    sql`WITH RECURSIVE down(id, name, org_type, parent_id, depth) AS (
          SELECT id, name, org_type, parent_id, 0 FROM organisations WHERE id = ${rootId}
          UNION ALL
          SELECT o.id, o.name, o.org_type, o.parent_id, down.depth + 1 FROM organisations o JOIN down ON o.parent_id = down.id
          WHERE down.depth < 10 AND o.org_type <= ${OrgType.SCHOOL}
        )
        SELECT id, name, org_type, parent_id FROM down ORDER BY id`,
  );
}

export interface AreaOption {
  orgId: string;
  name: string;
}

export interface SchoolOption {
  orgId: string;
  name: string;
  districtId: string | null;
}

/**
 * The districts an activity reaches: a city's districts, a district itself; a school organiser's
 * activity reaches one school, whose district is the only area to choose.
 */
export async function activityAreas(db: Orm, organiserId: string): Promise<AreaOption[]> {
  const tree = await subtree(db, organiserId);
  const districts = tree.filter((r) => Number(r.org_type) === OrgType.DISTRICT_BUREAU);
  if (districts.length > 0) return districts.map((r) => ({ orgId: r.id, name: r.name }));
  const root = tree[0];
  if (root && Number(root.org_type) === OrgType.SCHOOL) {
    const { districtId, districtName } = await teacherOrgs(db, root.id);
    return districtId ? [{ orgId: districtId, name: districtName }] : [];
  }
  return [];
}

/** The schools an activity reaches, optionally those of one district; null when the district lies outside. */
export async function activitySchools(db: Orm, organiserId: string, districtId?: string): Promise<SchoolOption[] | null> {
  const tree = await subtree(db, organiserId);
  const districts = new Set(tree.filter((o) => Number(o.org_type) === OrgType.DISTRICT_BUREAU).map((o) => o.id));
  const root = tree[0];
  // A school organiser: its district lies above the subtree.
  const rootDistrict = root && Number(root.org_type) === OrgType.SCHOOL ? (await teacherOrgs(db, root.id)).districtId : null;
  const schools: SchoolOption[] = tree
    .filter((o) => Number(o.org_type) === OrgType.SCHOOL)
    .map((o) => ({ orgId: o.id, name: o.name, districtId: o.parent_id && districts.has(o.parent_id) ? o.parent_id : rootDistrict }));
  if (!districtId) return schools;
  if (!districts.has(districtId) && districtId !== rootDistrict) return null;
  return schools.filter((s) => s.districtId === districtId);
}
