import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../routes/lazyScreen';

/** The teacher's lesson screens by their path in `userRoutes`. */
export const teachScreens: Readonly<Record<string, NonNullable<RouteObject['lazy']>>> = {
  'my-lessons': lazyScreen(() => import('./MyLessonsScreen')),
  'my-lessons/new': lazyScreen(() => import('./LessonFormScreen')),
  'my-lessons/:lessonId/edit': lazyScreen(() => import('./LessonFormScreen')),
};
