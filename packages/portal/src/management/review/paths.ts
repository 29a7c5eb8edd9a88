/** Addresses of the review screens under /management. */
export const REVIEW_LIST = '/management/type=zuopinsh';

/** A work's review page; `search` carries the list's filters (previous/next walk them, 返回 restores them). */
export const reviewWorkPath = (activityId: string, workId: string, search = '') =>
  `${REVIEW_LIST}/${encodeURIComponent(activityId)}/${encodeURIComponent(workId)}${search && !search.startsWith('?') ? `?${search}` : search}`;

export const checkPersonPath = (activityId: string) => `/management/type=check-person/${encodeURIComponent(activityId)}`;
export const checkWorksPath = (activityId: string) => `/management/type=check-works/${encodeURIComponent(activityId)}`;
