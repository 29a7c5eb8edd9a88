import type { MessageKey } from '../i18n/messages';

/**
 * The back-office screens of spec §2 under /management. `menu` marks the ones reached from the side
 * menu; the others open from inside an activity and carry its parameters.
 */
export const managementRoutes: ReadonlyArray<{ path: string; title: MessageKey; menu?: true }> = [
  { path: 'type=live', title: 'mgmt.live', menu: true },
  { path: 'type=broadcast', title: 'mgmt.broadcast', menu: true },
  { path: 'type=special', title: 'mgmt.special', menu: true },
  { path: 'type=specialType', title: 'mgmt.specialType', menu: true },
  { path: 'type=tag', title: 'mgmt.tag', menu: true },
  { path: 'type=teaIntro', title: 'mgmt.teaIntro', menu: true },
  { path: 'type=lbt', title: 'mgmt.lbt', menu: true },
  { path: 'type=feedbackmana', title: 'mgmt.feedbackmana', menu: true },
  { path: 'type=activemana', title: 'mgmt.activemana', menu: true },
  { path: 'type=zuopinsh', title: 'mgmt.zuopinsh', menu: true },
  { path: 'type=zyzjhdgk', title: 'mgmt.zyzjhdgk', menu: true },
  { path: 'type=wdzppsgk', title: 'mgmt.wdzppsgk', menu: true },
  { path: 'type=jspsxq', title: 'mgmt.jspsxq', menu: true },
  { path: 'type=jspsxqdetail/:activityId', title: 'mgmt.jspsxqdetail' },
  { path: 'type=create-activity/:activityId?', title: 'mgmt.createActivity' },
  { path: 'type=applicants/:activityId/:activitySystem/:activityName', title: 'mgmt.applicants' },
  { path: 'type=sign-up-statistics/:activityId/:activitySystem', title: 'mgmt.signUpStatistics' },
  { path: 'type=opus-statistics/:activityId/:activitySystem', title: 'mgmt.opusStatistics' },
  { path: 'type=quality-works/:activityId/:activitySystem/:activityName', title: 'mgmt.qualityWorks' },
  { path: 'type=check-works/:activityId', title: 'mgmt.checkWorks' },
  { path: 'type=check-person/:activityId', title: 'mgmt.checkPerson' },
];
