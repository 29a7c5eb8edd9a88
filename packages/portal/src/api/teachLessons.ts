import type { Platform } from '@dscloud/sdk';
import type { LessonDetail, LessonSummary, Page, TreeNode } from './lessonTypes';

/** A lesson as its owner sees it in 我的课程: the list row plus what only an owner needs. */
export type OwnLesson = LessonSummary & {
  editionId: string | null;
  bookId: string | null;
  chapterNodeId: string | null;
  /** 0 unpublished (only the owner and administrators see it), 1 published. */
  publishStatus: 0 | 1;
  updateTime: number;
};

export type OwnLessonDetail = LessonDetail &
  OwnLesson & {
    resources: (LessonDetail['resources'][number] & { fileInfoId: string | null })[];
  };

/** One video of the save call: an uploaded file (`fileInfoId`) or an address (`url`). */
export interface ResourceInput {
  resourceId?: string;
  title: string;
  fileInfoId?: string;
  url?: string;
  durationSeconds?: number;
  captionUrl?: string;
}

/** Body of `cloudLesson/save` for an on-demand lesson (docs/api.md "save"). */
export interface SaveLessonInput {
  lessonId?: string;
  title: string;
  liveFlag: 0;
  stage: number;
  subjectCode: number;
  grade: number;
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
