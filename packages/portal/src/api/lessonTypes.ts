/**
 * Shapes of the cloud-lesson calls as the server answers them (docs/api.md "Cloud lessons"), from the
 * SDK, where the server takes them from too.
 */
export type {
  Book,
  CarouselSlide,
  CollectionRow,
  HistoryNode,
  LearningTotals,
  LessonFilter,
  LessonOrder,
  LessonResource,
  LessonSummary,
  LiveState,
  Note,
  Page,
  ScheduleDay,
  StudyRow,
  SubjectOption,
  Topic,
  TreeNode,
} from '@dscloud/sdk/lessons';
/** The detail as `getById` answers it: the lesson with its videos and the caller's score, collection and progress. */
export type { LessonView as LessonDetail } from '@dscloud/sdk/lessons';
