import { ADMIN_ROLES, MANAGEMENT_ROLES, RESEARCHER_ROLES, RoleCodes } from '../codes/roles.js';
import { IdentityCodes } from '../codes/statuses.js';
import type { AdminInfo, ClassTeacherInfo, CurrentUser, ResearcherInfo, TeachingDirectorInfo } from './types.js';

/** Spec §9: the top level when an admin role carries no level. */
export const DEFAULT_ADMIN_TOP_LEVEL = 4;
export const DEFAULT_RESEARCHER_TOP_LEVEL = 3;

const hasRole = (user: CurrentUser | null, code: string) => !!user?.roleVOList?.some((role) => role.roleCode === code);

/** Levels of the roles in `codes`, ascending: the lowest number is the highest office. */
function levelsOf(user: CurrentUser | null, codes: readonly string[]): number[] {
  return (user?.roleVOList ?? [])
    .filter((role) => codes.includes(role.roleCode))
    .map((role) => Number(role.level))
    .filter((level) => Number.isFinite(level))
    .sort((a, b) => a - b);
}

export function adminInfoOf(user: CurrentUser | null): AdminInfo {
  const adminLevel = levelsOf(user, ADMIN_ROLES);
  return {
    isAdmin: ADMIN_ROLES.some((code) => hasRole(user, code)),
    adminLevel,
    adminTopLevel: adminLevel[0] ?? DEFAULT_ADMIN_TOP_LEVEL,
  };
}

export function researcherInfoOf(user: CurrentUser | null): ResearcherInfo {
  const researcherLevel = levelsOf(user, RESEARCHER_ROLES);
  return {
    isResearcher: RESEARCHER_ROLES.some((code) => hasRole(user, code)),
    researcherLevel,
    researcherTopLevel: researcherLevel[0] ?? DEFAULT_RESEARCHER_TOP_LEVEL,
  };
}

export const classTeacherInfoOf = (user: CurrentUser | null): ClassTeacherInfo => ({
  isClassTeacher: hasRole(user, RoleCodes.HEAD_TEACHER),
});

export const teachingDirectorInfoOf = (user: CurrentUser | null): TeachingDirectorInfo => ({
  isTeachingDirector: hasRole(user, RoleCodes.TEACHING_DIRECTOR),
});

export const isTeacher = (user: CurrentUser | null) => Number(user?.identityCode) === IdentityCodes.TEACHER;
export const isStudent = (user: CurrentUser | null) => Number(user?.identityCode) === IdentityCodes.STUDENT;
export const isParent = (user: CurrentUser | null) => Number(user?.identityCode) === IdentityCodes.PARENT;

/** The footer's management entry (spec §2). */
export function canSeeManagement(user: CurrentUser | null, isAuditPerson = false): boolean {
  if (!user) return false;
  return isAuditPerson || MANAGEMENT_ROLES.some((code) => hasRole(user, code));
}

/** The short school name shown in the header, falling back to the bureau name (spec §3). */
export const simplifiedSpellingOf = (user: CurrentUser | null): string =>
  user?.simplifiedSpelling || user?.bureauName || '';

/** The user as the platform shows it: missing short names filled in. */
export function normalizeUser(user: CurrentUser): CurrentUser {
  return { ...user, simplifiedSpelling: simplifiedSpellingOf(user) };
}
