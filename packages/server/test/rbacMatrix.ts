/**
 * The back-office permission matrix: for every route opened by `managed()` (src/management/access.ts)
 * or by the reviewer gate (src/activityReview/reviewerGate.ts),
 * the answer of its gate to each demo role. `ok` means the gate lets the caller through (what the call
 * then answers depends on its body); 401 means "sign in first"; 403 means "not for your role". Rules
 * about *which* records (a district administrator and another district's lesson) are tested beside
 * each domain. test/rbac.test.ts walks this table against the running server; docs/roles.md shows it.
 * A managed route missing here, or a row whose route is gone, fails that test.
 */
export const ROLE_COLUMNS = ['anon', 'student', 'parent', 'teacher', 'auditor', 'reviewer', 'researcher', 'schooladmin', 'districtadmin', 'admin'] as const;

export type RoleColumn = (typeof ROLE_COLUMNS)[number];
export type GateAnswer = 'ok' | 401 | 403;
export type MatrixRow = Record<RoleColumn, GateAnswer>;

/** Column headings of docs/roles.md. */
export const ROLE_TITLES: Record<RoleColumn, string> = {
  anon: '访客',
  student: '学生',
  parent: '家长',
  teacher: '教师',
  auditor: '审核人',
  reviewer: '评审人',
  researcher: '市教研员',
  schooladmin: '学校管理员',
  districtadmin: '区管理员',
  admin: '市管理员',
};

const row = (...answers: GateAnswer[]): MatrixRow =>
  Object.fromEntries(ROLE_COLUMNS.map((role, i) => [role, answers[i]])) as MatrixRow;

/** Administrators of every level (their subtree). */
export const WRITE = row(401, 403, 403, 403, 403, 403, 403, 'ok', 'ok', 'ok');
/** Administrators and researchers (their subtree). */
export const READ = row(401, 403, 403, 403, 403, 403, 'ok', 'ok', 'ok', 'ok');
/** The city bureau's administrators only. */
export const CITY = row(401, 403, 403, 403, 403, 403, 403, 403, 403, 'ok');
/** Reviewers assigned to a published activity (the activity the call names is checked after). */
export const REVIEWER = row(401, 403, 403, 403, 'ok', 'ok', 403, 403, 403, 403);

export const RBAC_MATRIX: Record<string, MatrixRow> = {
  // Cloud lessons (src/lessons)
  'POST /cloudSchool/v1/cloudLesson/publishLesson': WRITE,
  'POST /cloudSchool/v1/cloudLesson/cancelPublishLesson': WRITE,
  'POST /cloudSchool/v1/cloudLesson/updateExcellentFlag': WRITE,
  // Lesson manager views (直播课管理, 点播课管理)
  'POST /cloudSchool/v1/cloudLesson/getOnDemandLessonManagerViewPage': READ,
  'POST /cloudSchool/v1/cloudLesson/getLiveLessonManagerViewPage': READ,
  // Home carousel (src/carousel)
  'POST /cloudSchool/v1/carouselImage/getManagerViewPage': READ,
  'POST /cloudSchool/v1/carouselImage/save': WRITE,
  'POST /cloudSchool/v1/carouselImage/sort': WRITE,
  'POST /cloudSchool/v1/carouselImage/batch/operation': WRITE,
  // Platform settings (src/config)
  'POST /base/v1/globalConfig/save': CITY,
  // Special topics, their lessons (src/specialSubjects): platform-wide, so written by the city only
  'POST /cloudSchool/v1/cloudLesson/getSpecialSubjectLessonManagerViewPage': READ,
  'POST /cloudSchool/v1/specialSubject/add': CITY,
  'POST /cloudSchool/v1/specialSubject/edit': CITY,
  'POST /cloudSchool/v1/specialSubject/updateSort': CITY,
  'DELETE /cloudSchool/v1/specialSubject/batchDelete': CITY,
  'POST /cloudSchool/v1/specialSubject/addLessons': CITY,
  'POST /cloudSchool/v1/specialSubject/removeLessons': CITY,
  // Special-topic types and lesson tags (src/taxonomy): platform-wide lists
  'POST /cloudSchool/v1/specialSubjectType/page': READ,
  'POST /cloudSchool/v1/specialSubjectType/add': CITY,
  'POST /cloudSchool/v1/specialSubjectType/edit': CITY,
  'POST /cloudSchool/v1/specialSubjectType/updateSort': CITY,
  'DELETE /cloudSchool/v1/specialSubjectType/batchDelete': CITY,
  'POST /cloudSchool/v1/lessonTag/page': READ,
  'POST /cloudSchool/v1/lessonTag/add': CITY,
  'POST /cloudSchool/v1/lessonTag/edit': CITY,
  'POST /cloudSchool/v1/lessonTag/updateSort': CITY,
  'DELETE /cloudSchool/v1/lessonTag/batchDelete': CITY,
  // Teacher introductions (src/teachers)
  'POST /cloudSchool/v1/teacherInfo/managerPage': READ,
  'POST /cloudSchool/v1/teacherInfo/managerOrgList': READ,
  'GET /cloudSchool/v1/teacherInfo/importTemplate': READ,
  'POST /cloudSchool/v1/teacherInfo/add': WRITE,
  'POST /cloudSchool/v1/teacherInfo/update': WRITE,
  'POST /cloudSchool/v1/teacherInfo/delete': WRITE,
  'POST /cloudSchool/v1/teacherInfo/batchAdd': WRITE,
  'POST /cloudSchool/v1/teacherInfo/importExcel': WRITE,
  // Audit log (src/audit)
  'POST /cloudSchool/v1/auditLog/page': CITY,
  'GET /cloudSchool/v1/auditLog/actions': CITY,
  // Resource-collection activities (src/activities): organisers of every level, in their subtree
  'POST /cloudSchool/v1/resourceCollectActivity/save': WRITE,
  'POST /cloudSchool/v1/resourceCollectActivity/edit': WRITE,
  'POST /cloudSchool/v1/resourceCollectActivity/page': READ,
  'GET /cloudSchool/v1/resourceCollectActivity/detail/:id': READ,
  'POST /cloudSchool/v1/resourceCollectActivity/set/status': WRITE,
  'POST /cloudSchool/v1/resourceCollectActivity/batch/delete': WRITE,
  'POST /cloudSchool/v1/resourceCollectActivity/works/query/list': READ,
  // Works review (src/activityReview): organisers assign reviewers and follow the works in review
  'POST /cloudSchool/v1/resourceCollectActivity/works/audit/page': READ,
  'GET /cloudSchool/v1/activityAuditPerson/getStages': READ,
  'GET /cloudSchool/v1/activityAuditPerson/getSubjects': READ,
  'POST /cloudSchool/v1/activityAuditPerson/getManagerViewPage': READ,
  'POST /cloudSchool/v1/activityAuditPerson/getListByStageAndSubject': READ,
  'POST /cloudSchool/v1/activityAuditPerson/save': WRITE,
  'POST /cloudSchool/v1/activityAuditPerson/getUploadedWorkEdition': READ,
  'POST /cloudSchool/v1/activityAuditPerson/getUploadedWorkNodePage': READ,
  // …and the reviewers review (reviewer gate)
  'GET /cloudSchool/v1/activityAudit/myActivities': REVIEWER,
  'GET /cloudSchool/v1/activityAudit/getReviewRules': REVIEWER,
  'GET /cloudSchool/v1/activityAudit/getAuditStages': REVIEWER,
  'GET /cloudSchool/v1/activityAudit/getAuditSubjects': REVIEWER,
  'GET /cloudSchool/v1/activityAudit/getAuditLevel': REVIEWER,
  'POST /cloudSchool/v1/activityAudit/getEditions': REVIEWER,
  'POST /cloudSchool/v1/activityAudit/getBooks': REVIEWER,
  'POST /cloudSchool/v1/activityAudit/getChapter': REVIEWER,
  'POST /cloudSchool/v1/activityAudit/getKnowledge': REVIEWER,
  'POST /cloudSchool/v1/activityAudit/getAuditWorkPage': REVIEWER,
  'POST /cloudSchool/v1/activityAudit/getNextAndUpAuditWorkInfo': REVIEWER,
  'POST /cloudSchool/v1/activityAudit/listAuditWorkByIds': REVIEWER,
  'GET /cloudSchool/v1/activityAudit/getAuditTrace': REVIEWER,
  'POST /cloudSchool/v1/activityAudit/auditWorks': REVIEWER,
  // Review statistics, high-quality works and exports (src/reviewStats)
  'GET /cloudSchool/v1/staActivityManage/total': READ,
  'POST /cloudSchool/v1/staActivityManage/signUpPersons/page': READ,
  'GET /cloudSchool/v1/staActivityManage/subject': READ,
  'GET /cloudSchool/v1/staActivityManage/area': READ,
  'GET /cloudSchool/v1/staActivityManage/cover': READ,
  'POST /cloudSchool/v1/staActivityManage/cover/nodes/page': READ,
  'POST /cloudSchool/v1/staActivityManage/export': READ,
  'GET /cloudSchool/v1/staCollectActivityOverview/overview': READ,
  'GET /cloudSchool/v1/staCollectActivityOverview/daily': READ,
  'POST /cloudSchool/v1/staCollectActivityOverview/export': READ,
  'POST /cloudSchool/v1/staTeacherAudit/page': READ,
  'POST /cloudSchool/v1/staTeacherAudit/detail/page': READ,
  'POST /cloudSchool/v1/staTeacherAudit/export': READ,
  'POST /cloudSchool/v1/activityWork/getManageViewHighQualityWorkPage': READ,
  'POST /cloudSchool/v1/activityWork/exportHighQualityWork': READ,
  'POST /cloudSchool/v1/activityAuditPerson/exportUploadedWorkNode': READ,
  // Feedback (src/help): the feedback of users in the caller's subtree; help articles are the platform's
  'GET /cloudSchool/v1/feedback/list': READ,
  'GET /cloudSchool/v1/feedback/counts': READ,
  'POST /cloudSchool/v1/feedback/reply': WRITE,
  'POST /cloudSchool/v1/feedback/status': WRITE,
  'POST /cloudSchool/v1/help/articles/save': CITY,
  'POST /cloudSchool/v1/help/articles/delete': CITY,
};
