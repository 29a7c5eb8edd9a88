export { enumOf, valueOf, type Enum, type EnumEntry } from './enum.js';
export { Stages, type StageCode } from './stages.js';
export {
  Subjects,
  subjectsOfStage,
  subjectColor,
  DEFAULT_SUBJECT_COLOR,
  MORE_SUBJECTS_ID,
  type SubjectEntry,
} from './subjects.js';
export { FileCategories, resourceKindOf, type ResourceKind } from './files.js';
export { ApplyStatuses, IdentityCodes, Identities } from './statuses.js';
export {
  RoleCodes,
  Roles,
  ADMIN_ROLES,
  RESEARCHER_ROLES,
  MANAGEMENT_ROLES,
  BACKOFFICE_WRITE_ROLES,
  BACKOFFICE_READ_ROLES,
  BACKOFFICE_CITY_ROLES,
  PLATFORM_WIDE_ROLES,
  type RoleCode,
} from './roles.js';
export { HomeworkTypes } from './homework.js';
export { ToolTypes, WhiteboardBusinessTypes, ViewingModes, LearningResourceTypes } from './tools.js';
