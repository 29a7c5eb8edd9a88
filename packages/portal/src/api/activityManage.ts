import type { Platform } from '@dscloud/sdk';
import type { ActivityDetail, ActivityInput, ActivitySummary, ActivityWork, Page } from '@dscloud/sdk/activities';

/** Body of `resourceCollectActivity/page`: the organiser's table (the server keeps it to the caller's scope). */
export interface ActivityPageBody {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  status?: number;
  phase?: string;
  activitySystem?: number;
  orgId?: string;
}

/** Body of `resourceCollectActivity/works/query/list`. */
export interface ActivityWorksBody {
  activityId: string;
  pageNum: number;
  pageSize: number;
  submitStatus?: number;
  schoolId?: string;
  keyword?: string;
}

export interface SubjectOption {
  subjectCode: number;
  subjectName: string;
}

export interface EditionOption {
  editionId: string;
  editionName: string;
}

export interface BookOption {
  bookId: string;
  bookName: string;
  grade: number;
  gradeName: string;
  term: number;
}

/**
 * The organiser's activity calls (资源征集活动, docs/api.md "Activities") and the curriculum choices
 * of the scope (`activitySubject`). Writes are `silent`: the screens report 操作成功 / 操作失败 or mark
 * the field the server names.
 */
export function activityManageApi(platform: Platform) {
  const { http, paths } = platform;
  const act = (path: string) => paths.cloudSchool(`/v1/resourceCollectActivity/${path}`);
  const subject = (path: string) => paths.cloudSchool(`/v1/activitySubject/${path}`);
  const quiet = { silent: true } as const;
  return {
    page: (body: ActivityPageBody) => http.post<Page<ActivitySummary>>(act('page'), body),
    detail: (activityId: string) => http.get<ActivityDetail>(act(`detail/${encodeURIComponent(activityId)}`), undefined, quiet),
    save: (input: ActivityInput) => http.post<ActivityDetail>(act('save'), input, quiet),
    edit: (input: ActivityInput & { activityId: string; version: number }) => http.post<ActivityDetail>(act('edit'), input, quiet),
    setStatus: (body: { activityId: string; status: number; version: number }) => http.post<ActivitySummary>(act('set/status'), body, quiet),
    remove: (activityIds: string[]) => http.post<{ deleted: number }>(act('batch/delete'), { activityIds }, quiet),
    works: (body: ActivityWorksBody) => http.post<Page<ActivityWork>>(act('works/query/list'), body),
    subjects: (stage: number) => http.post<SubjectOption[]>(subject('subject/list'), { stage }, quiet),
    editions: (stage: number, subjectCode: number) => http.post<EditionOption[]>(subject('edition/list'), { stage, subjectCode }, quiet),
    books: (stage: number, subjectCode: number, editionId: string) =>
      http.post<BookOption[]>(subject('edition/book/list'), { stage, subjectCode, editionId }, quiet),
  };
}

export type ActivityManageApi = ReturnType<typeof activityManageApi>;
