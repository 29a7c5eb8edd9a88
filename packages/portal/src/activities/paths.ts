/**
 * The /resourcesCollect routes (spec §2) in one place, so every link and the route table agree. The
 * upload page's `{type}` is `new` (a work for a claimed node) or `edit` (an existing work); the ids ride
 * in the query.
 */
export type ListType = 'all' | 'mine';
export const LIST_TYPES: readonly ListType[] = ['all', 'mine'];

const id = encodeURIComponent;
const base = '/resourcesCollect';

export const activityPaths = {
  home: () => base,
  list: (type: ListType) => `${base}/activityList/${type}`,
  detail: (activityId: string, type: ListType = 'all') => `${base}/activityList/${type}/activityDetail/${id(activityId)}`,
  signUp: (activityId: string) => `${base}/activityList/activityDetail/signUp/${id(activityId)}`,
  manage: (activityId: string) => `${base}/activityList/activityDetail/activityManage/${id(activityId)}`,
  newWork: (activityId: string, signUpNodeId: string) =>
    `${base}/activityList/activityDetail/activityManage/uploadWorks/new?activityId=${id(activityId)}&signUpNodeId=${id(signUpNodeId)}`,
  editWork: (activityId: string, signUpNodeId: string, lessonId: string) =>
    `${base}/activityList/activityDetail/activityManage/uploadWorks/edit?activityId=${id(activityId)}&signUpNodeId=${id(signUpNodeId)}&lessonId=${id(lessonId)}`,
};

export function listTypeOf(value: string | undefined): ListType {
  return value === 'mine' ? 'mine' : 'all';
}
