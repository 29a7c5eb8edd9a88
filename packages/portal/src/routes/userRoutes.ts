import type { MessageKey } from '../i18n/messages';

/**
 * The user-facing screens of spec §2 that are reached by route, with the name their placeholder shows.
 * Paths are relative to the shell. Both spellings of "more lessons" exist in links that are out there.
 */
export const userRoutes: ReadonlyArray<{ path: string; title: MessageKey }> = [
  { path: 'learn', title: 'screen.learn' },
  { path: 'learn/demand/:params', title: 'screen.learnDemand' },
  { path: 'personal-center', title: 'user.personalCenter' },
  { path: 'help', title: 'screen.help' },
  { path: 'feedback', title: 'screen.help' },
  { path: 'my-collection', title: 'user.collection' },
  // The teacher's own lessons: a shared-list route (spec §2 leaves these to the product).
  { path: 'my-lessons', title: 'teach.myLessons' },
  { path: 'my-lessons/new', title: 'teach.newLesson' },
  { path: 'my-lessons/:lessonId/edit', title: 'teach.editLesson' },
  { path: 'my-notes', title: 'screen.notes' },
  { path: 'study-record', title: 'screen.studyRecord' },
  { path: 'course-detail/:courseId/:fromPage?', title: 'screen.courseDetail' },
  { path: 'more-lessons/:type', title: 'screen.moreLessons' },
  { path: 'moreLessons/:type', title: 'screen.moreLessons' },
  { path: 'live-class-schedule', title: 'screen.liveSchedule' },
  { path: 'special-topic/:id?', title: 'screen.specialTopic' },
  { path: 'famousSchool', title: 'screen.famousSchool' },
  { path: 'resourcesCollect', title: 'screen.resourcesCollect' },
  { path: 'resourcesCollect/activityList/:type', title: 'screen.activityList' },
  { path: 'resourcesCollect/activityList/:type/activityDetail/:activityId', title: 'screen.activityDetail' },
  { path: 'resourcesCollect/goodWorkList', title: 'screen.goodWorkList' },
  { path: 'resourcesCollect/goodWorkList/:courseId/:type', title: 'screen.goodWorkDetail' },
  { path: 'resourcesCollect/activityList/activityDetail/signUp/:activityId', title: 'screen.signUp' },
  { path: 'resourcesCollect/activityList/activityDetail/activityManage/:activityId', title: 'screen.activityManage' },
  {
    path: 'resourcesCollect/activityList/activityDetail/activityManage/uploadWorks/:type',
    title: 'screen.uploadWorks',
  },
];
