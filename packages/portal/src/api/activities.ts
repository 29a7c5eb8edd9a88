import type { Platform } from '@dscloud/sdk';
import type {
  ActivityDetail,
  ActivityPhase,
  ActivityReminder,
  ActivitySummary,
  ActivityWork,
  OccupancyNode,
  Page,
  SignUpNode,
  SignUpSummary,
  SignUpUserInfo,
  WorkInput,
  WorkReviewProgress,
  WorkSubmitStatusCode,
} from '@dscloud/sdk/activities';

/** An activity the teacher signed up for (`teacher/signUp/page`). */
export type MyActivity = ActivitySummary & { signUpId: string; workCount: number };

export type { SignUpUserInfo };

export interface ActivityListQuery {
  pageNum: number;
  pageSize: number;
  phase?: ActivityPhase;
  keyword?: string;
  activitySystem?: number;
}

/**
 * The teacher's and the public calls of resource-collection activities (docs/api.md "Activities",
 * "Sign-up", "Works"). Writes are `silent`: each screen shows the server's words where they belong
 * (a full node next to the node, a format failure under the item), which a global notice would repeat.
 */
export function activitiesApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/${path}`);
  const quiet = { silent: true } as const;
  const id = encodeURIComponent;
  return {
    /** Published activities, no token (visitors see these). */
    publicList: (query: { pageNum: number; pageSize: number; orgId?: string; phase?: ActivityPhase; keyword?: string }) =>
      http.get<Page<ActivitySummary>>(cs('resourceCollectActivity/publish/list'), query, { public: true }),
    reminders: () => http.get<ActivityReminder[]>(cs('resourceCollectActivity/menu/remind')),
    detail: (activityId: string) => http.get<ActivityDetail>(cs(`resourceCollectActivity/teacher/detail/${id(activityId)}`), undefined, quiet),
    eligiblePage: (query: ActivityListQuery) => http.post<Page<ActivitySummary>>(cs('resourceCollectActivity/teacher/all/page'), query),
    myPage: (query: { pageNum: number; pageSize: number }) => http.post<Page<MyActivity>>(cs('resourceCollectActivity/teacher/signUp/page'), query),

    userInfo: (activityId: string) => http.get<SignUpUserInfo>(cs(`activitySignUp/getUserInfo/${id(activityId)}`)),
    signUp: (body: { activityId: string; realName: string; phone: string; stage: number; subjectCode: number }) =>
      http.post<SignUpSummary>(cs('activitySignUp/save'), body, quiet),
    nodeTree: (body: { activityId: string; editionId?: string; bookId?: string; stage?: number; subjectCode?: number }) => http.post<OccupancyNode[]>(cs('activitySignUp/nodeTree'), body),
    claimNodes: (body: { activityId: string; nodeIds: string[] }) => http.post<SignUpSummary>(cs('activitySignUp/nodeSave'), body, quiet),
    nodeInfo: (signUpNodeId: string) =>
      http.get<SignUpNode & { work: ActivityWork | null }>(cs(`activitySignUp/node/info/${id(signUpNodeId)}`), undefined, quiet),
    cancelNode: (signUpNodeId: string) => http.post<unknown>(cs('activitySignUp/node/cancel'), { signUpNodeId }, quiet),
    cancelSignUp: (signUpId: string) => http.get<unknown>(cs(`activitySignUp/cancel/${id(signUpId)}`), undefined, quiet),

    saveWork: (body: WorkInput) => http.post<ActivityWork>(cs('activityWork/save'), body, quiet),
    setSubmitStatus: (lessonId: string, submitStatus: WorkSubmitStatusCode) =>
      http.put<ActivityWork>(cs('activityWork/updateSubmitStatus'), {}, { ...quiet, params: { lessonId, submitStatus } }),
    deleteWork: (lessonId: string) => http.delete<unknown>(cs('activityWork/delete'), { lessonId }, quiet),
    reviewProgress: (activityId: string) => http.get<WorkReviewProgress[]>(cs('activityWork/getActivityReviewProgress'), { activityId }),
  };
}

export type ActivitiesApi = ReturnType<typeof activitiesApi>;
