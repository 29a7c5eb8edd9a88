import type { MessageKey } from '../i18n/messages';
import type { ScreenKey } from '../routes/screens';
import type { MgmtAccess } from './kit/access';

/**
 * The back-office screens of spec §2 under /management, each with the screen that renders it (a key of
 * `screens`). `menu` marks the ones reached from the side menu; the others open from inside an
 * activity and carry its parameters. `access` is what the server's gate asks of the screen's calls; the
 * menu shows a screen only to users who have it (a row without it shows to every back-office user).
 */
export interface ManagementRoute {
  path: string;
  title: MessageKey;
  screen: ScreenKey;
  menu?: true;
  access?: MgmtAccess;
}

export const managementRoutes: readonly ManagementRoute[] = [
  { path: 'type=live', title: 'mgmt.live', screen: 'mgmtLiveLessons', menu: true, access: 'read' },
  { path: 'type=broadcast', title: 'mgmt.broadcast', screen: 'mgmtBroadcastLessons', menu: true, access: 'read' },
  { path: 'type=special', title: 'mgmt.special', screen: 'mgmtSpecialTopics', menu: true, access: 'read' },
  { path: 'type=specialType', title: 'mgmt.specialType', screen: 'mgmtSpecialTypes', menu: true, access: 'read' },
  { path: 'type=tag', title: 'mgmt.tag', screen: 'mgmtLessonTags', menu: true, access: 'read' },
  { path: 'type=teaIntro', title: 'mgmt.teaIntro', screen: 'teachersManage', menu: true, access: 'read' },
  { path: 'type=lbt', title: 'mgmt.lbt', screen: 'mgmtCarousel', menu: true, access: 'read' },
  { path: 'type=feedbackmana', title: 'mgmt.feedbackmana', screen: 'mgmtFeedback', menu: true, access: 'read' },
  { path: 'type=helpArticles', title: 'mgmt.helpArticles', screen: 'mgmtHelpArticles', menu: true, access: 'city' },
  { path: 'type=activemana', title: 'mgmt.activemana', screen: 'mgmtActivities', menu: true, access: 'read' },
  { path: 'type=zuopinsh', title: 'mgmt.zuopinsh', screen: 'mgmtReviewWorks', menu: true, access: 'audit' },
  { path: 'type=zuopinsh/:activityId/:workId', title: 'mgmt.zuopinsh', screen: 'mgmtReviewWork', access: 'audit' },
  { path: 'type=zyzjhdgk', title: 'mgmt.zyzjhdgk', screen: 'mgmtActivityOverview', menu: true, access: 'read' },
  { path: 'type=wdzppsgk', title: 'mgmt.wdzppsgk', screen: 'mgmtMyReviewOverview', menu: true, access: 'audit' },
  { path: 'type=jspsxq', title: 'mgmt.jspsxq', screen: 'mgmtReviewers', menu: true, access: 'read' },
  { path: 'type=jspsxqdetail/:activityId', title: 'mgmt.jspsxqdetail', screen: 'mgmtReviewerDetail', access: 'read' },
  { path: 'type=create-activity/:activityId?', title: 'mgmt.createActivity', screen: 'mgmtCreateActivity', access: 'write' },
  { path: 'type=applicants/:activityId/:activitySystem/:activityName', title: 'mgmt.applicants', screen: 'mgmtApplicants', access: 'read' },
  { path: 'type=sign-up-statistics/:activityId/:activitySystem', title: 'mgmt.signUpStatistics', screen: 'mgmtSignUpStatistics', access: 'read' },
  { path: 'type=opus-statistics/:activityId/:activitySystem', title: 'mgmt.opusStatistics', screen: 'mgmtOpusStatistics', access: 'read' },
  { path: 'type=quality-works/:activityId/:activitySystem/:activityName', title: 'mgmt.qualityWorks', screen: 'mgmtQualityWorks', access: 'read' },
  { path: 'type=check-works/:activityId', title: 'mgmt.checkWorks', screen: 'mgmtCheckWorks', access: 'read' },
  { path: 'type=check-person/:activityId', title: 'mgmt.checkPerson', screen: 'mgmtCheckPerson', access: 'write' },
  { path: 'type=settings', title: 'mgmt.settings', screen: 'mgmtSettings', menu: true, access: 'city' },
  { path: 'type=auditLog', title: 'mgmt.auditLog', screen: 'mgmtAuditLog', menu: true, access: 'city' },
];

/**
 * The first screen of the side menu a user with `rights` may use (`/management/type=…`), or null when
 * there is none: where every way into the back-office leads (the bare /management, the footer, the user
 * menu, 智慧管理 without an address). `only` picks among the screens of one right (作品评审: `audit`).
 */
export function firstScreenFor(rights: ReadonlySet<MgmtAccess>, only?: MgmtAccess): string | null {
  if (only ? !rights.has(only) : rights.size === 0) return null;
  const row = managementRoutes.find((r) => r.menu && (only ? r.access === only : !r.access || rights.has(r.access)));
  return row ? `/management/${row.path}` : null;
}
