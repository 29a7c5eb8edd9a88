/**
 * The study-time machinery in one lazily loaded part: only a logged-in viewer of a lesson reports
 * study time, so anonymous viewers and plain `sources` playlists never download it.
 */
import type { Platform } from '../shared/platformRegistry.js';
import type { LessonApi } from './lessonApi.js';
import { keepaliveSender } from './keepaliveSend.js';
import type { Lang } from './messages.js';
import { createStudyReporter, type StudyReporter, type StudyTarget } from './studyReporter.js';
import { createWatchTime, type WatchTime } from './watchTime.js';

export interface StudyTime {
  watch: WatchTime;
  reporter: StudyReporter;
}

/** Seconds of played time per report: few calls, and a closed tab loses at most the last batch's worth. */
export const STUDY_BATCH_SECONDS = 30;

export function createStudy(platform: Platform, api: LessonApi, target: () => StudyTarget | null, lang: Lang): StudyTime {
  const watch = createWatchTime({ clock: performance, batchSeconds: STUDY_BATCH_SECONDS });
  const reporter = createStudyReporter({
    watch,
    target: () => (api.token() ? target() : null),
    send: (report) => api.reportDuration(report),
    sendOnHide: keepaliveSender(platform, api.reportUrl, api.token, lang),
  });
  return { watch, reporter };
}
