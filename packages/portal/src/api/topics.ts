import type { Platform } from '@dscloud/sdk';
import type { LessonSummary, Page, Topic } from './lessons';

/** One entry of the special-topic type list or the lesson tag list, as the back-office pages them. */
export interface NamedEntry {
  id: string;
  name: string;
  sort: number;
  /** How many topics (types) or lessons (tags) use it. */
  useCount: number;
  updateTime: number;
}

/** A topic as the back-office edits it. */
export interface TopicInput {
  name: string;
  description: string;
  coverUrl: string;
  typeId: string | null;
  /** A newly uploaded cover; leave out to keep the present one, null to remove it. */
  coverFileId?: string | null;
}

/** The two ordered lists of names: their URL family and the name of their id field. */
export const NAMED_LISTS = {
  specialSubjectType: { family: 'specialSubjectType', id: 'typeId', ids: 'typeIds' },
  lessonTag: { family: 'lessonTag', id: 'tagId', ids: 'tagIds' },
} as const;
export type NamedListKind = keyof typeof NAMED_LISTS;

const toEntry = (idField: string) => (row: Record<string, unknown>): NamedEntry => ({
  id: String(row[idField]),
  name: String(row.name),
  sort: Number(row.sort),
  useCount: Number(row.useCount ?? 0),
  updateTime: Number(row.updateTime ?? 0),
});

/**
 * The back-office calls about special topics, their types and lesson tags (docs/api.md). Writes are
 * `silent`: the screens report 操作成功 / 操作失败 or mark the field the server names.
 */
export function topicsAdminApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/${path}`);
  const quiet = { silent: true } as const;
  const S = 'specialSubject';

  const named = (kind: NamedListKind) => {
    const { family, id, ids } = NAMED_LISTS[kind];
    const entry = toEntry(id);
    return {
      page: async (body: { pageNum: number; pageSize: number; keyword?: string }) => {
        const page = await http.post<Page<Record<string, unknown>>>(cs(`${family}/page`), body);
        return { ...page, rows: page.rows.map(entry) };
      },
      add: (name: string) => http.post<unknown>(cs(`${family}/add`), { name }, quiet),
      edit: (entryId: string, name: string) => http.post<unknown>(cs(`${family}/edit`), { [id]: entryId, name }, quiet),
      updateSort: (order: string[]) => http.post<unknown>(cs(`${family}/updateSort`), { [ids]: order }, quiet),
      remove: (list: string[]) => http.delete<unknown>(cs(`${family}/batchDelete`), { [ids]: list.join(',') }, quiet),
    };
  };

  return {
    topics: (filter: { keyword?: string; typeId?: string }) => http.post<Topic[]>(cs(`${S}/list`), filter),
    addTopic: (body: TopicInput) => http.post<Topic>(cs(`${S}/add`), body, quiet),
    editTopic: (specialSubjectId: string, body: TopicInput) => http.post<Topic>(cs(`${S}/edit`), { specialSubjectId, ...body }, quiet),
    sortTopics: (order: string[]) => http.post<Topic[]>(cs(`${S}/updateSort`), { specialSubjectIds: order }, quiet),
    removeTopics: (list: string[]) => http.delete<unknown>(cs(`${S}/batchDelete`), { specialSubjectIds: list.join(',') }, quiet),
    topicLessons: (body: { specialSubjectId: string; pageNum: number; pageSize: number }) =>
      http.post<Page<LessonSummary>>(cs('cloudLesson/getSpecialSubjectLessonManagerViewPage'), body),
    /** Published lessons a topic may take, found by title. */
    findLessons: (keyword: string) => http.post<Page<LessonSummary>>(cs('cloudLesson/getOnDemandLessonManagerViewPage'), { keyword, pageSize: 20, publishStatus: 1 }),
    addLessons: (specialSubjectId: string, lessonIds: string[]) => http.post<unknown>(cs(`${S}/addLessons`), { specialSubjectId, lessonIds }, quiet),
    removeLessons: (specialSubjectId: string, lessonIds: string[]) => http.post<unknown>(cs(`${S}/removeLessons`), { specialSubjectId, lessonIds }, quiet),
    types: named('specialSubjectType'),
    tags: named('lessonTag'),
  };
}

export type TopicsAdminApi = ReturnType<typeof topicsAdminApi>;
