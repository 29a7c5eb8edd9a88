import type { Platform } from '@dscloud/sdk';
import { createLessonsApi } from '@dscloud/sdk/lessons';

// The shapes of the cloud-lesson calls, as the server answers them (docs/api.md "Cloud lessons").
export type * from '@dscloud/sdk/lessons';
/** The detail as `getById` answers it: the lesson with its videos and the caller's score, collection and progress. */
export type { LessonView as LessonDetail } from '@dscloud/sdk/lessons';

/**
 * The cloud-lesson calls of the learning screens: the SDK's one lessons client over the platform's
 * HTTP client. The detail and a few lists go out public while nobody is signed in.
 */
export function lessonsApi(platform: Platform) {
  return createLessonsApi(platform.http, { signedIn: () => !!platform.session.getState().token });
}

export type LessonsApi = ReturnType<typeof lessonsApi>;
