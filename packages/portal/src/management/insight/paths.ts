/**
 * The back-office statistics routes (spec §2) in one place, so every link and the route table agree.
 * The activity's type and name ride in the path as the spec spells it; react-router decodes them.
 */
const id = encodeURIComponent;
const base = '/management/type=';

export interface ActivityRef {
  activityId: string;
  activitySystem: number | string;
  name: string;
}

export const insightPaths = {
  overview: (activityId?: string) => `${base}zyzjhdgk${activityId ? `?activityId=${id(activityId)}` : ''}`,
  myReview: (activityId?: string) => `${base}wdzppsgk${activityId ? `?activityId=${id(activityId)}` : ''}`,
  reviewers: () => `${base}jspsxq`,
  reviewerDetail: (a: Pick<ActivityRef, 'activityId'>) => `${base}jspsxqdetail/${id(a.activityId)}`,
  applicants: (a: ActivityRef) => `${base}applicants/${id(a.activityId)}/${id(String(a.activitySystem))}/${id(a.name)}`,
  signUpStatistics: (a: ActivityRef) => `${base}sign-up-statistics/${id(a.activityId)}/${id(String(a.activitySystem))}`,
  opusStatistics: (a: ActivityRef) => `${base}opus-statistics/${id(a.activityId)}/${id(String(a.activitySystem))}`,
  qualityWorks: (a: ActivityRef) => `${base}quality-works/${id(a.activityId)}/${id(String(a.activitySystem))}/${id(a.name)}`,
  /** The public page of a high-quality work (its catalogue lesson); `type` 1 opens the video first. */
  goodWork: (lessonId: string, type = 1) => `/resourcesCollect/goodWorkList/${id(lessonId)}/${type}`,
};
