import type { RouteObject } from 'react-router';
import { lazyScreen } from '../routes/lazyScreen';

/** The learning screens by their path in `userRoutes`; paths missing here still show 敬请期待. */
export const learningScreens: Readonly<Record<string, NonNullable<RouteObject['lazy']>>> = {
  learn: lazyScreen(() => import('./LearnScreen')),
  'learn/demand/:params': lazyScreen(() => import('./LearnScreen')),
  'course-detail/:courseId/:fromPage?': lazyScreen(() => import('./detail/CourseDetailScreen')),
  'my-notes': lazyScreen(() => import('./mine/MyNotesScreen')),
  'study-record': lazyScreen(() => import('./mine/StudyRecordScreen')),
  'my-collection': lazyScreen(() => import('./mine/MyCollectionScreen')),
  'personal-center': lazyScreen(() => import('./mine/PersonalCenterScreen')),
  'live-class-schedule': lazyScreen(() => import('./browse/LiveScheduleScreen')),
  'more-lessons/:type': lazyScreen(() => import('./browse/MoreLessonsScreen')),
  'moreLessons/:type': lazyScreen(() => import('./browse/MoreLessonsScreen')),
  'special-topic/:id?': lazyScreen(() => import('./browse/SpecialTopicScreen')),
  famousSchool: lazyScreen(() => import('./browse/FamousSchoolScreen')),
};
