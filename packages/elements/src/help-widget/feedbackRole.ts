import { isParent, isStudent, isTeacher, type CurrentUser } from '@dscloud/sdk/user';

/**
 * The role a feedback's context names (≤ 30 characters): the user's first back-office role when they
 * have one (CITY_BUREAU_ADMIN…), else what they are (teacher, student, parent).
 */
export function feedbackRole(user: Readonly<CurrentUser> | null): string {
  const code = user?.roleVOList?.[0]?.roleCode;
  if (code) return code.slice(0, 30);
  if (!user) return 'unknown';
  return isTeacher(user) ? 'teacher' : isStudent(user) ? 'student' : isParent(user) ? 'parent' : `identity-${String(user.identityCode).slice(0, 20)}`;
}
