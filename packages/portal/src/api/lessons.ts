import type { Platform } from '@dscloud/sdk';
import { createLessonsApi } from '@dscloud/sdk/lessons';

export type * from './lessonTypes';

/**
 * The cloud-lesson calls of the learning screens: the SDK's one lessons client over the platform's
 * HTTP client. The detail and a few lists go out public while nobody is signed in.
 */
export function lessonsApi(platform: Platform) {
  return createLessonsApi(platform.http, { signedIn: () => !!platform.session.getState().token });
}

export type LessonsApi = ReturnType<typeof lessonsApi>;
