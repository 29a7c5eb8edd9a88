/**
 * Demo data for a first start (DESIGN.md): one city bureau → district → school → class, and the six
 * demo accounts. Idempotent: rows are inserted only when missing, so a restart never resets a
 * password or a name someone changed.
 */
import { eq } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { organisations, userRoles, users } from '../db/schema.js';
import { hashPassword } from '../auth/password.js';
import { SEED_SCHOOLS } from '../../seed/people.js';
import { Identity, OrgType } from './orgTypes.js';

export const DEMO_ORG_IDS = {
  city: '330100000000',
  district: '330102000000',
  school: '330102001001',
  klass: '330102001001301',
  /** Another district, and one of its schools (a seeded school: its lessons are in the demo catalogue). */
  district2: '330104000000',
  school2: 'sc-07',
} as const;

/** The districts the seeded schools (seed/people.ts) belong to, by name. */
const DISTRICTS: Record<string, { id: string; name: string }> = {
  南湖区: { id: DEMO_ORG_IDS.district, name: '南湖区教育局' },
  朝阳区: { id: '330103000000', name: '朝阳区教育局' },
  东湖区: { id: DEMO_ORG_IDS.district2, name: '东湖区教育局' },
  高新区: { id: '330105000000', name: '高新区教育局' },
};

const ORGS = [
  { id: DEMO_ORG_IDS.city, name: '东山市教育局', shortName: '东山市教育局', orgType: OrgType.CITY_BUREAU, parentId: null, stageCode: null },
  { id: DEMO_ORG_IDS.district, name: '南湖区教育局', shortName: '南湖区教育局', orgType: OrgType.DISTRICT_BUREAU, parentId: DEMO_ORG_IDS.city, stageCode: null },
  { id: DEMO_ORG_IDS.school, name: '东山市南湖区实验小学', shortName: '南湖实小', orgType: OrgType.SCHOOL, parentId: DEMO_ORG_IDS.district, stageCode: '2' },
  { id: DEMO_ORG_IDS.klass, name: '三年级（1）班', shortName: '三（1）班', orgType: OrgType.CLASS, parentId: DEMO_ORG_IDS.school, stageCode: '2' },
  ...Object.values(DISTRICTS)
    .filter((d) => d.id !== DEMO_ORG_IDS.district)
    .map((d) => ({ id: d.id, name: d.name, shortName: d.name, orgType: OrgType.DISTRICT_BUREAU, parentId: DEMO_ORG_IDS.city, stageCode: null })),
  // The seeded lessons' schools, so that a district or school administrator's reach covers their lessons.
  ...SEED_SCHOOLS.map((s) => ({
    id: s.schoolId,
    name: s.schoolName,
    shortName: s.schoolName,
    orgType: OrgType.SCHOOL,
    parentId: DISTRICTS[s.districtName]?.id ?? DEMO_ORG_IDS.city,
    stageCode: String(s.stages[0]),
  })),
];

interface DemoAccount {
  id: string;
  username: string;
  displayName: string;
  identityCode: number;
  sex: string;
  orgId: string;
  classId: string | null;
  stageCode: string | null;
  roles: Array<{ roleCode: string; level: number; orgId: string }>;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: '100000000000000001', username: 'teacher', displayName: '王晓明', identityCode: Identity.TEACHER, sex: '1',
    orgId: DEMO_ORG_IDS.school, classId: DEMO_ORG_IDS.klass, stageCode: '2',
    roles: [
      { roleCode: 'TEACHER', level: 3, orgId: DEMO_ORG_IDS.school },
      { roleCode: 'HEAD_TEACHER', level: 4, orgId: DEMO_ORG_IDS.klass },
    ],
  },
  {
    id: '100000000000000002', username: 'student', displayName: '李子涵', identityCode: Identity.STUDENT, sex: '2',
    orgId: DEMO_ORG_IDS.school, classId: DEMO_ORG_IDS.klass, stageCode: '2',
    roles: [{ roleCode: 'STUDENT', level: 4, orgId: DEMO_ORG_IDS.klass }],
  },
  {
    id: '100000000000000003', username: 'parent', displayName: '李建国', identityCode: Identity.PARENT, sex: '1',
    orgId: DEMO_ORG_IDS.school, classId: DEMO_ORG_IDS.klass, stageCode: '2',
    roles: [{ roleCode: 'PARENT', level: 4, orgId: DEMO_ORG_IDS.klass }],
  },
  {
    id: '100000000000000004', username: 'admin', displayName: '陈志强', identityCode: Identity.TEACHER, sex: '1',
    orgId: DEMO_ORG_IDS.city, classId: null, stageCode: null,
    roles: [{ roleCode: 'CITY_BUREAU_ADMIN', level: 1, orgId: DEMO_ORG_IDS.city }],
  },
  {
    id: '100000000000000005', username: 'researcher', displayName: '赵文静', identityCode: Identity.TEACHER, sex: '2',
    orgId: DEMO_ORG_IDS.city, classId: null, stageCode: '2',
    roles: [{ roleCode: 'CITY_BUREAU_RESEARCHER', level: 1, orgId: DEMO_ORG_IDS.city }],
  },
  {
    id: '100000000000000006', username: 'auditor', displayName: '刘雅琴', identityCode: Identity.TEACHER, sex: '2',
    orgId: DEMO_ORG_IDS.school, classId: null, stageCode: '2',
    roles: [{ roleCode: 'TEACHER', level: 3, orgId: DEMO_ORG_IDS.school }],
  },
  {
    id: '100000000000000007', username: 'districtadmin', displayName: '孙立华', identityCode: Identity.TEACHER, sex: '1',
    orgId: DEMO_ORG_IDS.district, classId: null, stageCode: null,
    roles: [{ roleCode: 'DISTRICT_BUREAU_ADMIN', level: 2, orgId: DEMO_ORG_IDS.district }],
  },
  {
    id: '100000000000000008', username: 'schooladmin', displayName: '周敏', identityCode: Identity.TEACHER, sex: '2',
    orgId: DEMO_ORG_IDS.school, classId: null, stageCode: '2',
    roles: [{ roleCode: 'SCHOOL_ADMIN', level: 3, orgId: DEMO_ORG_IDS.school }],
  },
  {
    id: '100000000000000010', username: 'reviewer', displayName: '郑国栋', identityCode: Identity.TEACHER, sex: '1',
    orgId: DEMO_ORG_IDS.district, classId: null, stageCode: '2',
    roles: [{ roleCode: 'TEACHER', level: 2, orgId: DEMO_ORG_IDS.district }],
  },
  {
    id: '100000000000000009', username: 'teacher2', displayName: '吴海峰', identityCode: Identity.TEACHER, sex: '1',
    orgId: DEMO_ORG_IDS.school2, classId: null, stageCode: '3',
    roles: [{ roleCode: 'TEACHER', level: 3, orgId: DEMO_ORG_IDS.school2 }],
  },
];

export async function seedDemoOrganisations(db: Orm, now: number): Promise<void> {
  // Parents first: the foreign keys need them.
  for (const org of ORGS) {
    await db.insert(organisations).values({ ...org, areaCode: 'dsideal', createdAt: now }).onConflictDoNothing();
  }
}

/** Inserts missing demo accounts; returns the user names created by this call. */
export async function seedDemoAccounts(db: Orm, password: string, now: number): Promise<string[]> {
  await seedDemoOrganisations(db, now);
  const created: string[] = [];
  // Every demo account has the same published password: one scrypt derivation serves them all (each
  // costs a fifth of a second by design).
  let demoHash: string | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, account.username)).limit(1);
    if (!existing) {
      const inserted = await db
        .insert(users)
        .values({
          id: account.id,
          username: account.username,
          displayName: account.displayName,
          identityCode: account.identityCode,
          sex: account.sex,
          orgId: account.orgId,
          classId: account.classId,
          stageCode: account.stageCode,
          passwordHash: (demoHash ??= await hashPassword(password)),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length > 0) created.push(account.username);
    }
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, account.username)).limit(1);
    if (!row) continue;
    for (const role of account.roles) {
      await db.insert(userRoles).values({ userId: row.id, ...role }).onConflictDoNothing();
    }
  }
  return created;
}
