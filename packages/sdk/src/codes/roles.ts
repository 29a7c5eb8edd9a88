import { enumOf, type EnumEntry } from './enum.js';

/** Role codes carried in `roleVOList` (spec §6). */
export const RoleCodes = {
  CITY_BUREAU_ADMIN: 'CITY_BUREAU_ADMIN',
  DISTRICT_BUREAU_ADMIN: 'DISTRICT_BUREAU_ADMIN',
  SCHOOL_ADMIN: 'SCHOOL_ADMIN',
  CITY_BUREAU_RESEARCHER: 'CITY_BUREAU_RESEARCHER',
  DISTRICT_BUREAU_RESEARCHER: 'DISTRICT_BUREAU_RESEARCHER',
  RESEARCHER: 'RESEARCHER',
  SCHOOL_RESEARCHER: 'SCHOOL_RESEARCHER',
  HEAD_TEACHER: 'HEAD_TEACHER',
  TEACHING_DIRECTOR: 'TEACHING_DIRECTOR',
  CC_YXGLY: 'CC_YXGLY',
  COURSE_TEACHER: 'COURSE_TEACHER',
  TEACHER: 'TEACHER',
  STUDENT: 'STUDENT',
  BRANCH_SCHOOL_ADMIN: 'BRANCH_SCHOOL_ADMIN',
  EDUASSIST_BUREAU_ADMIN: 'EDUASSIST_BUREAU_ADMIN',
  SUPER_ADMIN: 'SUPER_ADMIN',
} as const;

export type RoleCode = (typeof RoleCodes)[keyof typeof RoleCodes];

export const Roles = enumOf<string, EnumEntry<string>>('Role', [
  { value: 'CITY_BUREAU_ADMIN', label: '市局管理员', labelEn: 'City bureau administrator' },
  { value: 'DISTRICT_BUREAU_ADMIN', label: '区局管理员', labelEn: 'District bureau administrator' },
  { value: 'SCHOOL_ADMIN', label: '学校管理员', labelEn: 'School administrator' },
  { value: 'CITY_BUREAU_RESEARCHER', label: '市级教研员', labelEn: 'City researcher' },
  { value: 'DISTRICT_BUREAU_RESEARCHER', label: '区级教研员', labelEn: 'District researcher' },
  { value: 'RESEARCHER', label: '教研员', labelEn: 'Researcher' },
  { value: 'SCHOOL_RESEARCHER', label: '校级教研员', labelEn: 'School researcher' },
  { value: 'HEAD_TEACHER', label: '班主任', labelEn: 'Class teacher' },
  { value: 'TEACHING_DIRECTOR', label: '教学主任', labelEn: 'Teaching director' },
  { value: 'CC_YXGLY', label: '云校管理员', labelEn: 'Cloud school administrator' },
  { value: 'COURSE_TEACHER', label: '任课教师', labelEn: 'Course teacher' },
  { value: 'TEACHER', label: '教师', labelEn: 'Teacher' },
  { value: 'STUDENT', label: '学生', labelEn: 'Student' },
  { value: 'BRANCH_SCHOOL_ADMIN', label: '分校管理员', labelEn: 'Branch school administrator' },
  { value: 'EDUASSIST_BUREAU_ADMIN', label: '教辅局管理员', labelEn: 'Education-assist bureau administrator' },
  { value: 'SUPER_ADMIN', label: '超级管理员', labelEn: 'Super administrator' },
]);

export const ADMIN_ROLES: readonly RoleCode[] = ['CITY_BUREAU_ADMIN', 'DISTRICT_BUREAU_ADMIN', 'SCHOOL_ADMIN'];
export const RESEARCHER_ROLES: readonly RoleCode[] = ['DISTRICT_BUREAU_RESEARCHER', 'RESEARCHER', 'CITY_BUREAU_RESEARCHER'];
/**
 * The back-office's gates (the server's `managed(ctx, access)` and the portal's menu read these):
 * administrators manage their organisation's subtree, researchers read it, the city bureau's
 * administrators (and the cloud-school administrator) alone change what is platform-wide.
 */
export const BACKOFFICE_WRITE_ROLES: readonly RoleCode[] = ['CITY_BUREAU_ADMIN', 'DISTRICT_BUREAU_ADMIN', 'SCHOOL_ADMIN', 'CC_YXGLY'];
export const BACKOFFICE_READ_ROLES: readonly RoleCode[] = [...BACKOFFICE_WRITE_ROLES, ...RESEARCHER_ROLES];
export const BACKOFFICE_CITY_ROLES: readonly RoleCode[] = ['CITY_BUREAU_ADMIN', 'CC_YXGLY'];
/** Roles whose reach is the whole platform, whatever organisation the role is held in. */
export const PLATFORM_WIDE_ROLES: readonly RoleCode[] = ['CITY_BUREAU_ADMIN', 'CC_YXGLY', 'CITY_BUREAU_RESEARCHER'];

/**
 * Roles that see the management entry in the footer (besides audit persons): the spec's city
 * administrators, city researchers and CC_YXGLY, and — since this back-office serves districts and
 * schools their own subtree — every other back-office role (docs/roles.md).
 */
export const MANAGEMENT_ROLES: readonly RoleCode[] = BACKOFFICE_READ_ROLES;
