export { createUserService, type UserService, type UserServiceOptions, type UserState } from './userService.js';
export {
  adminInfoOf,
  researcherInfoOf,
  classTeacherInfoOf,
  teachingDirectorInfoOf,
  isTeacher,
  isStudent,
  isParent,
  canSeeManagement,
  simplifiedSpellingOf,
  normalizeUser,
  DEFAULT_ADMIN_TOP_LEVEL,
  DEFAULT_RESEARCHER_TOP_LEVEL,
} from './roles.js';
export type {
  CurrentUser,
  RoleVO,
  AdminInfo,
  ResearcherInfo,
  ClassTeacherInfo,
  TeachingDirectorInfo,
} from './types.js';
