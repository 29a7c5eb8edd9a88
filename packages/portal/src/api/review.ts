import type { Platform } from '@dscloud/sdk';
import type { ActivityWork, AuditLevelCode, Page } from '@dscloud/sdk/activities';
import type { OrgNode } from '@dscloud/sdk/teachers';
import type {
  AuditPersonRow,
  AuditTraceEntry,
  AuditWorkDetail,
  AuditWorkRow,
  AuditWorksInput,
  AuditWorksResult,
  ReviewerActivityRow,
  ReviewerRulesView,
  ReviewRules,
} from '@dscloud/sdk/review';

/** The reviewer's list filters (`getAuditWorkPage`, `getNextAndUpAuditWorkInfo`): all but the activity optional. */
export interface AuditFilter {
  activityId: string;
  level?: number;
  stage?: number;
  subjectCode?: number;
  editionId?: string;
  bookId?: string;
  /** A chapter (or knowledge node): works of the nodes under it. */
  chapterId?: string;
  nodeId?: string;
  /** `pending`: waiting for the reviewer's decision; `decided`: decided by them; absent: both. */
  state?: 'pending' | 'decided';
  keyword?: string;
}

export interface StageOption {
  stage: number;
  stageName: string;
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
}
/** A chapter node; the server answers a flat list, parents first (`parentId`). */
export interface ChapterNode {
  nodeId: string;
  nodeName: string;
  parentId?: string | null;
  level?: number;
  children?: ChapterNode[];
}

/** A level the reviewer is assigned at, with its quota when the activity sets one (`getAuditLevel`). */
export interface AuditLevelOption {
  level: AuditLevelCode;
  levelName: string;
  /** The unit the reviewer reviews at this level. */
  orgId?: string;
  orgName?: string;
  finalReviewer?: boolean;
  quota?: number | null;
  used?: number;
  left?: number | null;
}

/** What a reviewer reads of the activity's review rules. */
export interface ReviewerRules extends Pick<ReviewRules, 'rubric' | 'opinionTemplates' | 'blind'> {
  /** The activity's review levels in order (high-quality only at the last); null when not known. */
  reviewLevels: number[] | null;
}

/** The works before and after one in the reviewer's current filter and order. */
export interface Neighbours {
  previous: string | null;
  next: string | null;
  /** The work's place (1-based) among `total` in the filter. */
  index: number | null;
  total: number | null;
}

/** Body of `works/audit/page`: the organiser's works in review. */
export interface WorksInReviewBody {
  activityId: string;
  pageNum: number;
  pageSize: number;
  level?: number;
  reviewState?: number;
  stage?: number;
  subjectCode?: number;
  keyword?: string;
}

/** A row of the organiser's works in review: the work with its round, score, last decision and opinion. */
export interface WorkInReviewRow extends ActivityWork {
  stage: number | null;
  subjectCode: number | null;
  subjectName: string;
  round: number;
  reviewScore: number | null;
  reviewedAt: number | null;
  lastOpinion: string;
}

export interface PersonPageBody {
  activityId: string;
  pageNum: number;
  pageSize: number;
  level?: number;
  stage?: number;
  subjectCode?: number;
  keyword?: string;
}

/** A person the organiser may assign (`getListByStageAndSubject`), with the levels they already review the stage and subject at. */
export interface Candidate {
  userId: string;
  userName: string;
  username?: string;
  orgId: string;
  orgName: string;
  stage?: number | null;
  assignedLevels?: number[];
}

/** Body of `activityAuditPerson/save`: the whole group of one level, unit, stage and subject. */
export interface SaveGroupBody {
  activityId: string;
  level: number;
  orgId: string;
  stage: number;
  subjectCode: number;
  persons: Array<{ userId: string; finalReviewer?: boolean }>;
}

const idOf = (x: unknown): string | null => {
  if (typeof x === 'string' && x) return x;
  if (x && typeof x === 'object' && 'workId' in x) return String((x).workId);
  return null;
};

/** The neighbours as the server names them (`up`/`previous`, ids or rows), in one shape. */
export function neighboursOf(data: unknown): Neighbours {
  const d = (data ?? {}) as Record<string, unknown>;
  const num = (x: unknown) => (typeof x === 'number' ? x : null);
  return { previous: idOf(d.previous ?? d.up ?? d.prev ?? null), next: idOf(d.next ?? null), index: num(d.index), total: num(d.total) };
}

/**
 * The works review calls (docs/api.md "Works review"): the reviewer's `activityAudit/*`, the organiser's
 * `activityAuditPerson/*` and `works/audit/page`. Decisions are `silent`: the screen shows each work's
 * outcome (decided, or refused with the reason) where it belongs.
 */
export function reviewApi(platform: Platform) {
  const { http, paths } = platform;
  const audit = (path: string) => paths.cloudSchool(`/v1/activityAudit/${path}`);
  const person = (path: string) => paths.cloudSchool(`/v1/activityAuditPerson/${path}`);
  const quiet = { silent: true } as const;
  return {
    /** The published activities the caller reviews, with their levels (quota used/left), units, stages and subjects. */
    myActivities: () => http.get<ReviewerActivityRow[]>(audit('myActivities'), undefined, quiet),
    stages: (activityId: string) => http.get<StageOption[]>(audit('getAuditStages'), { activityId }, quiet),
    subjects: (activityId: string, stage?: number) => http.get<SubjectOption[]>(audit('getAuditSubjects'), stage === undefined ? { activityId } : { activityId, stage }, quiet),
    levels: (activityId: string) => http.get<AuditLevelOption[]>(audit('getAuditLevel'), { activityId }, quiet),
    editions: (body: { activityId: string; stage?: number; subjectCode?: number }) => http.post<EditionOption[]>(audit('getEditions'), body, quiet),
    books: (body: { activityId: string; editionId: string; stage?: number; subjectCode?: number }) => http.post<BookOption[]>(audit('getBooks'), body, quiet),
    chapters: (body: { activityId: string; bookId: string }) => http.post<ChapterNode[]>(audit('getChapter'), body, quiet),
    workPage: (body: AuditFilter & { pageNum: number; pageSize: number }) => http.post<Page<AuditWorkRow>>(audit('getAuditWorkPage'), body, quiet),
    neighbours: async (body: AuditFilter & { workId: string }) => neighboursOf(await http.post<unknown>(audit('getNextAndUpAuditWorkInfo'), body, quiet)),
    works: (activityId: string, workIds: string[]) => http.post<AuditWorkDetail[]>(audit('listAuditWorkByIds'), { activityId, workIds }, quiet),
    decide: (body: AuditWorksInput & { activityId: string }) => http.post<AuditWorksResult>(audit('auditWorks'), body, quiet),
    /** The activity's rubric, opinion templates and levels as its reviewer needs them. */
    rules: async (activityId: string): Promise<ReviewerRules> => {
      const r = await http.get<ReviewerRulesView>(audit('getReviewRules'), { activityId }, quiet);
      return { rubric: r.rubric, opinionTemplates: r.opinionTemplates, blind: r.blind, reviewLevels: [...r.reviewLevels] };
    },
    trace: (activityId: string, workId: string) => http.get<AuditTraceEntry[]>(audit('getAuditTrace'), { activityId, workId }, quiet),

    personStages: (activityId: string) => http.get<StageOption[]>(person('getStages'), { activityId }, quiet),
    personSubjects: (activityId: string, stage?: number) => http.get<SubjectOption[]>(person('getSubjects'), stage === undefined ? { activityId } : { activityId, stage }, quiet),
    personPage: (body: PersonPageBody) => http.post<Page<AuditPersonRow>>(person('getManagerViewPage'), body, quiet),
    candidates: (body: { activityId: string; orgId: string; stage?: number; subjectCode?: number; keyword?: string; pageNum?: number; pageSize?: number }) =>
      http.post<Page<Candidate>>(person('getListByStageAndSubject'), body, quiet),
    /** Replaces the reviewers of one group (level, unit, stage, subject). */
    saveGroup: (body: SaveGroupBody) => http.post<AuditPersonRow[]>(person('save'), body, quiet),

    /** The organisations in the caller's scope (city, districts, schools), for the reviewing unit. */
    orgTree: () => http.post<OrgNode[]>(paths.cloudSchool('/v1/teacherInfo/managerOrgList'), {}, quiet),
    worksInReview: (body: WorksInReviewBody) => http.post<Page<WorkInReviewRow>>(paths.cloudSchool('/v1/resourceCollectActivity/works/audit/page'), body, quiet),
  };
}

export type ReviewApi = ReturnType<typeof reviewApi>;
