import type { Platform } from '@dscloud/sdk';
import type { ResourceInput, SaveLessonInput as SdkSaveLessonInput } from '@dscloud/sdk/lessons';
import type { LessonDetail, LessonSummary, Page, TreeNode } from './lessons';

/** A lesson as its owner sees it in 我的课程 (the summary carries publishStatus, updateTime, book and chapter). */
export type OwnLesson = LessonSummary;
export type OwnLessonDetail = LessonDetail;
export type { ResourceInput };

/** Body of `cloudLesson/save` as the lesson form sends it: every field it edits (a live lesson adds its times). */
export interface SaveLessonInput extends SdkSaveLessonInput {
  liveFlag: 0 | 1;
  bookId: string | null;
  chapterNodeId: string | null;
  knowledgeNodeIds: string[];
  description: string;
  resources: ResourceInput[];
}

/**
 * The calls a teacher makes about their own lessons. Writes are `silent`: the form shows the server's
 * words under the field they name, which a global notice would only repeat.
 */
export function teachApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/${path}`);
  const quiet = { silent: true } as const;
  return {
    myPage: (body: { pageNum: number; pageSize: number }) =>
      http.post<Page<OwnLesson>>(cs('cloudLesson/getOnDemandLessonPage'), { ...body, onlyMine: true, orderBy: 'newest' }),
    byId: (lessonId: string) => http.get<OwnLessonDetail>(cs('cloudLesson/getById'), { lessonId }),
    save: (body: SaveLessonInput) => http.post<OwnLessonDetail>(cs('cloudLesson/save'), body, quiet),
    remove: (lessonId: string) => http.delete<{ lessonId: string; deleted: true }>(cs('cloudLesson/deleteLesson'), { lessonId }, quiet),
    knowledgeTree: (subjectCode: number) => http.post<TreeNode[]>(cs('lessonNode/getKnowledgeTree'), { subjectCode }, { public: true }),
  };
}

export type TeachApi = ReturnType<typeof teachApi>;
