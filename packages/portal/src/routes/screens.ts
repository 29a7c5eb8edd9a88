import { lazyScreen } from './lazyScreen';

/**
 * Every screen of the portal by key, each loaded lazily. The route tables (`userRoutes`,
 * `managementRoutes`) name a screen by its key, so a misspelt key fails the typecheck instead of
 * showing 敬请期待; a route whose screen is not built yet names `comingSoon` on purpose.
 */
export const screens = {
  comingSoon: lazyScreen(() => import('../screens/ComingSoon')),
  login: lazyScreen(() => import('../screens/LoginScreen')),
  home: lazyScreen(() => import('../screens/HomeScreen')),
  waitPage: lazyScreen(() => import('../screens/WaitPage')),
  learn: lazyScreen(() => import('../lessons/LearnScreen')),
  courseDetail: lazyScreen(() => import('../lessons/detail/CourseDetailScreen')),
  myNotes: lazyScreen(() => import('../lessons/mine/MyNotesScreen')),
  studyRecord: lazyScreen(() => import('../lessons/mine/StudyRecordScreen')),
  myCollection: lazyScreen(() => import('../lessons/mine/MyCollectionScreen')),
  personalCenter: lazyScreen(() => import('../lessons/mine/PersonalCenterScreen')),
  liveSchedule: lazyScreen(() => import('../lessons/browse/LiveScheduleScreen')),
  moreLessons: lazyScreen(() => import('../lessons/browse/MoreLessonsScreen')),
  specialTopic: lazyScreen(() => import('../lessons/browse/SpecialTopicScreen')),
  famousSchool: lazyScreen(() => import('../lessons/browse/FamousSchoolScreen')),
  myLessons: lazyScreen(() => import('../lessons/teach/MyLessonsScreen')),
  lessonForm: lazyScreen(() => import('../lessons/teach/LessonFormScreen')),
  managementLayout: lazyScreen(() => import('../management/ManagementLayout')),
  mgmtLiveLessons: lazyScreen(() => import('../management/lessons/LiveLessonsScreen')),
  mgmtBroadcastLessons: lazyScreen(() => import('../management/lessons/BroadcastLessonsScreen')),
  mgmtCarousel: lazyScreen(() => import('../management/carousel/CarouselScreen')),
  mgmtSettings: lazyScreen(() => import('../management/settings/SettingsScreen')),
  mgmtAuditLog: lazyScreen(() => import('../management/audit/AuditLogScreen')),
  mgmtSpecialTopics: lazyScreen(() => import('../management/topics/SpecialTopicsScreen')),
  mgmtSpecialTypes: lazyScreen(() => import('../management/topics/SpecialTypesScreen')),
  mgmtLessonTags: lazyScreen(() => import('../management/topics/TagsScreen')),
  teachersManage: lazyScreen(() => import('../management/teachers/TeachersScreen')),
  teacherPage: lazyScreen(() => import('../teachers/TeacherPage')),
  mgmtActivities: lazyScreen(() => import('../management/activities/ActivitiesScreen')),
  mgmtCreateActivity: lazyScreen(() => import('../management/activities/CreateActivityScreen')),
  mgmtReviewWorks: lazyScreen(() => import('../management/review/ReviewWorksScreen')),
  mgmtReviewWork: lazyScreen(() => import('../management/review/ReviewWorkScreen')),
  mgmtCheckPerson: lazyScreen(() => import('../management/review/CheckPersonScreen')),
  mgmtCheckWorks: lazyScreen(() => import('../management/review/CheckWorksScreen')),
  activityHome: lazyScreen(() => import('../activities/ActivityHomeScreen')),
  activityList: lazyScreen(() => import('../activities/ActivityListScreen')),
  activityDetail: lazyScreen(() => import('../activities/ActivityDetailScreen')),
  activitySignUp: lazyScreen(() => import('../activities/SignUpScreen')),
  activityManage: lazyScreen(() => import('../activities/ActivityManageScreen')),
  activityUploadWorks: lazyScreen(() => import('../activities/UploadWorksScreen')),
};

export type ScreenKey = keyof typeof screens;
