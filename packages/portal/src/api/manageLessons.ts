import type { Platform } from '@dscloud/sdk';
import type { LessonFilter, LessonSummary, Page } from './lessons';

/** The manager views' filter: the shared lesson filter plus the teacher's name. */
export type ManagedLessonFilter = LessonFilter & { teacherName?: string };

/** `getAdventOrExpireLiveCount`: live lessons starting within `hours`, on air, over. */
export interface LiveCounts {
  adventCount: number;
  upcomingCount: number;
  livingCount: number;
  expireCount: number;
  hours: number;
}

/** A teacher to record a lesson for (`teacherInfo/list`). */
export interface TeacherOption {
  teacherInfoId: string;
  name: string;
  schoolName: string;
}

/**
 * The back-office lesson calls (直播课管理, 点播课管理). Lists answer only the caller's organisation
 * subtree (the server filters). Writes are `silent`: the kit reports 操作成功 / 操作失败 itself.
 */
export function manageLessonsApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/cloudLesson/${path}`);
  const quiet = { silent: true } as const;
  return {
    livePage: (filter: ManagedLessonFilter) => http.post<Page<LessonSummary>>(cs('getLiveLessonManagerViewPage'), filter),
    onDemandPage: (filter: ManagedLessonFilter) => http.post<Page<LessonSummary>>(cs('getOnDemandLessonManagerViewPage'), filter),
    teachers: (keyword: string) =>
      http.post<Page<TeacherOption>>(paths.cloudSchool('/v1/teacherInfo/list'), { keyword, pageNum: 1, pageSize: 20 }, { silent: true }),
    liveCounts: (hours = 24) => http.get<LiveCounts>(cs('getAdventOrExpireLiveCount'), { hours }, { silent: true }),
    publish: (lessonIds: string[]) => http.post<{ changed: number }>(cs('publishLesson'), { lessonIds }, quiet),
    cancelPublish: (lessonIds: string[]) => http.post<{ changed: number }>(cs('cancelPublishLesson'), { lessonIds }, quiet),
    setExcellent: (lessonIds: string[], excellentFlag: 0 | 1) =>
      http.post<{ changed: number }>(cs('updateExcellentFlag'), { lessonIds, excellentFlag }, quiet),
    remove: (lessonId: string) => http.delete<{ lessonId: string; deleted: true }>(cs('deleteLesson'), { lessonId }, quiet),
    toLive: (body: { lessonId: string; liveStartTime: number; liveEndTime: number; title?: string }) =>
      http.post<LessonSummary>(cs('updateToLiveLesson'), body, quiet),
  };
}

export type ManageLessonsApi = ReturnType<typeof manageLessonsApi>;
