import type { Platform } from '@dscloud/sdk';
import type { Page } from '@dscloud/sdk/activities';
import type { BlobResult, RequestOptions } from '@dscloud/sdk/http';
import type {
  ActivityStatTable,
  ActivityTotals,
  AreaStatRow,
  CollectActivityOverview,
  CoverNodeQuery,
  CoverNodeRow,
  CoverStat,
  DailyActivityRow,
  HighQualityBookOption,
  HighQualityEditionOption,
  HighQualityExportInput,
  HighQualityFilterQuery,
  HighQualityStageOption,
  HighQualityWorkDocuments,
  HighQualitySubjectOption,
  HighQualityWorkQuery,
  HighQualityWorkRow,
  MyAuditActivityRow,
  MyAuditOverview,
  ReviewerDecisionQuery,
  ReviewerDecisionRow,
  ReviewerStatQuery,
  ReviewerStatRow,
  SignUpPersonQuery,
  SignUpPersonRow,
  SubjectStatRow,
  UploadedWorkNodeExportInput,
} from '@dscloud/sdk/review';

/** What an export button hands to a blob call: progress and cancel. */
export type DownloadOptions = Pick<RequestOptions, 'onDownloadProgress' | 'signal'>;

/**
 * The works-review statistics, the high-quality works and their exports (docs/api.md "Review
 * statistics and high-quality works"). Statistics calls fail quietly by the client's rule (their
 * screens show the failure in place); exports are blob calls (no global notice: the export button
 * shows the server's reason); the public high-quality list goes out without a token.
 */
export function reviewInsightApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/${path}`);
  const exportCall = (path: string, body: unknown, options: DownloadOptions = {}): Promise<BlobResult> =>
    http.blob(cs(path), body, { method: 'POST', timeout: 0, ...options });
  const q = (activityId: string) => ({ activityId });

  return {
    // staActivityManage: one activity's figures (organiser)
    totals: (activityId: string) => http.get<ActivityTotals>(cs('staActivityManage/total'), q(activityId)),
    signUpPersons: (query: SignUpPersonQuery) => http.post<Page<SignUpPersonRow>>(cs('staActivityManage/signUpPersons/page'), query),
    bySubject: (activityId: string) => http.get<SubjectStatRow[]>(cs('staActivityManage/subject'), q(activityId)),
    byArea: (activityId: string, districtId?: string) =>
      http.get<AreaStatRow[]>(cs('staActivityManage/area'), { activityId, ...(districtId ? { districtId } : {}) }),
    cover: (activityId: string) => http.get<CoverStat>(cs('staActivityManage/cover'), q(activityId)),
    coverNodes: (query: CoverNodeQuery) => http.post<Page<CoverNodeRow>>(cs('staActivityManage/cover/nodes/page'), query),
    exportActivityStats: (activityId: string, table: ActivityStatTable, o?: DownloadOptions) =>
      exportCall('staActivityManage/export', { activityId, table }, o),

    // staMyWorkAuditOverview: the reviewer's own work
    myAuditActivities: () => http.get<MyAuditActivityRow[]>(cs('staMyWorkAuditOverview/activities')),
    myAuditOverview: (activityId: string) => http.get<MyAuditOverview>(cs('staMyWorkAuditOverview/overview'), q(activityId)),
    exportMyAudit: (activityId: string, o?: DownloadOptions) => exportCall('staMyWorkAuditOverview/export', q(activityId), o),

    // staCollectActivityOverview: the organiser's overview of an activity
    overview: (activityId: string) => http.get<CollectActivityOverview>(cs('staCollectActivityOverview/overview'), q(activityId)),
    daily: (activityId: string) => http.get<DailyActivityRow[]>(cs('staCollectActivityOverview/daily'), q(activityId)),
    exportOverview: (activityId: string, o?: DownloadOptions) => exportCall('staCollectActivityOverview/export', q(activityId), o),

    // staTeacherAudit: the reviewers of an activity (organiser)
    reviewers: (query: ReviewerStatQuery) => http.post<Page<ReviewerStatRow>>(cs('staTeacherAudit/page'), query),
    reviewerDecisions: (query: ReviewerDecisionQuery) => http.post<Page<ReviewerDecisionRow>>(cs('staTeacherAudit/detail/page'), query),
    exportReviewers: (activityId: string, userId: string | undefined, o?: DownloadOptions) =>
      exportCall('staTeacherAudit/export', { activityId, ...(userId ? { userId } : {}) }, o),

    // high-quality works: the organiser's table and its export
    manageHighQuality: (query: HighQualityWorkQuery) => http.post<Page<HighQualityWorkRow>>(cs('activityWork/getManageViewHighQualityWorkPage'), query),
    exportHighQuality: (input: HighQualityExportInput, o?: DownloadOptions) => exportCall('activityWork/exportHighQualityWork', input, o),
    exportUploadedWorkNode: (input: UploadedWorkNodeExportInput, o?: DownloadOptions) => exportCall('activityAuditPerson/exportUploadedWorkNode', input, o),
  };
}

export type ReviewInsightApi = ReturnType<typeof reviewInsightApi>;

/** The public high-quality works (优秀作品, /resourcesCollect/goodWorkList): no token, for visitors too. */
export function goodWorksApi(platform: Platform) {
  const { http, paths } = platform;
  const work = (path: string) => paths.cloudSchool(`/v1/activityWork/${path}`);
  const open = { public: true, silent: true } as const;
  return {
    page: (query: HighQualityWorkQuery) => http.post<Page<HighQualityWorkRow>>(work('getHighQualityWorkPage'), query, open),
    stages: (query: HighQualityFilterQuery = {}) => http.post<HighQualityStageOption[]>(work('getHighQualityWorkStages'), query, open),
    subjects: (query: HighQualityFilterQuery) => http.post<HighQualitySubjectOption[]>(work('getHighQualityWorkSubjects'), query, open),
    editions: (query: HighQualityFilterQuery) => http.post<HighQualityEditionOption[]>(work('getHighQualityWorkEditions'), query, open),
    books: (query: HighQualityFilterQuery) => http.post<HighQualityBookOption[]>(work('getHighQualityWorkBooks'), query, open),
    /** The package documents of the high-quality work that became lesson `lessonId`. */
    documents: (lessonId: string) => http.get<HighQualityWorkDocuments>(work('getHighQualityWorkDocuments'), { lessonId }, open),
  };
}

export type GoodWorksApi = ReturnType<typeof goodWorksApi>;
