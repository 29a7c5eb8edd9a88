/** Chinese names of the role codes of spec §6, as shown in the user menu and the back-office. */
export const ROLE_NAMES: Readonly<Record<string, string>> = {
  CITY_BUREAU_ADMIN: '市级管理员',
  DISTRICT_BUREAU_ADMIN: '区县管理员',
  SCHOOL_ADMIN: '学校管理员',
  CITY_BUREAU_RESEARCHER: '市级教研员',
  DISTRICT_BUREAU_RESEARCHER: '区县教研员',
  RESEARCHER: '学校教研员',
  HEAD_TEACHER: '班主任',
  TEACHING_DIRECTOR: '教学主任',
  CC_YXGLY: '云校管理员',
  COURSE_TEACHER: '任课教师',
  TEACHER: '教师',
  STUDENT: '学生',
  PARENT: '家长',
  BRANCH_SCHOOL_ADMIN: '分校管理员',
  EDUASSIST_BUREAU_ADMIN: '教辅局管理员',
  SUPER_ADMIN: '超级管理员',
};

export function roleNameOf(code: string): string {
  return ROLE_NAMES[code] ?? code;
}
