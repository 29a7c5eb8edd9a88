import type { MessageKey } from '../i18n/messages';
import type { ScreenKey } from './screens';

/**
 * The user-facing screens of spec §2 that are reached by route: the screen that renders it (a key of
 * `screens`) and its name (tab title; placeholders show it). Paths are relative to the shell. Both
 * spellings of "more lessons" exist in links that are out there.
 */
export const userRoutes: ReadonlyArray<{
  path: string;
  title: MessageKey;
  screen: ScreenKey;
  /** The screen and what it imports carry no antd: it sits outside antd's layout route (routes/routeTable.tsx). */
  plain?: true;
}> = [
  { path: 'learn', title: 'screen.learn', screen: 'learn', plain: true },
  { path: 'learn/demand/:params', title: 'screen.learnDemand', screen: 'learn', plain: true },
  { path: 'personal-center', title: 'user.personalCenter', screen: 'personalCenter' },
  { path: 'help', title: 'screen.help', screen: 'helpCentre' },
  { path: 'feedback', title: 'screen.help', screen: 'helpCentre' },
  { path: 'my-collection', title: 'user.collection', screen: 'myCollection' },
  // The teacher's own lessons: a shared-list route (spec §2 leaves these to the product).
  { path: 'my-lessons', title: 'teach.myLessons', screen: 'myLessons' },
  { path: 'my-lessons/new', title: 'teach.newLesson', screen: 'lessonForm' },
  { path: 'my-lessons/:lessonId/edit', title: 'teach.editLesson', screen: 'lessonForm' },
  // The teacher's tool documents (备课工具) and the editor around one of them.
  { path: 'my-tools', title: 'tools.title', screen: 'myTools' },
  { path: 'my-tools/:tool/:resourceId', title: 'tools.title', screen: 'toolEdit' },
  // A tool document's read-only link: anyone who has it, signed in or not.
  { path: 'tool-share/:tool/:token', title: 'tools.title', screen: 'toolShare' },
  { path: 'my-notes', title: 'screen.notes', screen: 'myNotes' },
  { path: 'study-record', title: 'screen.studyRecord', screen: 'studyRecord' },
  { path: 'course-detail/:courseId/:fromPage?', title: 'screen.courseDetail', screen: 'courseDetail', plain: true },
  { path: 'more-lessons/:type', title: 'screen.moreLessons', screen: 'moreLessons' },
  { path: 'moreLessons/:type', title: 'screen.moreLessons', screen: 'moreLessons' },
  { path: 'live-class-schedule', title: 'screen.liveSchedule', screen: 'liveSchedule' },
  { path: 'special-topic/:id?', title: 'screen.specialTopic', screen: 'specialTopic' },
  { path: 'famousSchool', title: 'screen.famousSchool', screen: 'famousSchool' },
  { path: 'teacher/:teacherId', title: 'screen.teacher', screen: 'teacherPage' },
  { path: 'resourcesCollect', title: 'screen.resourcesCollect', screen: 'activityHome' },
  { path: 'resourcesCollect/activityList/:type', title: 'screen.activityList', screen: 'activityList' },
  { path: 'resourcesCollect/activityList/:type/activityDetail/:activityId', title: 'screen.activityDetail', screen: 'activityDetail' },
  { path: 'resourcesCollect/goodWorkList', title: 'screen.goodWorkList', screen: 'goodWorkList' },
  { path: 'resourcesCollect/goodWorkList/:courseId/:type', title: 'screen.goodWorkDetail', screen: 'goodWorkDetail' },
  { path: 'resourcesCollect/activityList/activityDetail/signUp/:activityId', title: 'screen.signUp', screen: 'activitySignUp' },
  { path: 'resourcesCollect/activityList/activityDetail/activityManage/:activityId', title: 'screen.activityManage', screen: 'activityManage' },
  { path: 'resourcesCollect/activityList/activityDetail/activityManage/uploadWorks/:type', title: 'screen.uploadWorks', screen: 'activityUploadWorks' },
];
