/**
 * Resource-collection activities, once for every client: the code tables, the shapes client and
 * server share, the phase of an activity at a moment and the format review of a work's video.
 */
export * from './codes.js';
export * from './types.js';
export { activityPhase, type PhaseInfo } from './phase.js';
export { checkVideo, DEFAULT_VIDEO_RULES, type VideoProbe, type VideoRules, type VideoRuleKey } from './videoRules.js';
export { createActivitiesApi, type ActivitiesApi, type PublishedActivityQuery } from './activitiesApi.js';
export { DESCRIPTION_MAX, descriptionTooLong, NOTICE_FORMAT_SAMPLES, type NoticeFormatSample } from './notice.js';
