import type { Platform } from '@dscloud/sdk';
import type { Page } from './lessons';

/** A teacher introduction as `/v1/teacherInfo/*` answers it (docs/api.md "Teacher introductions"). */
export interface TeacherInfo {
  teacherInfoId: string;
  userId: string | null;
  name: string;
  sex: string;
  title: string;
  intro: string;
  /** One honour a line. */
  honours: string;
  avatarUrl: string;
  avatarFileId: string | null;
  schoolId: string;
  schoolName: string;
  stage: number | null;
  stageName: string;
  subjectCodes: number[];
  subjectNames: string[];
  sort: number;
  lessonCount: number;
  createTime: number;
  updateTime: number;
}

export interface TeacherInput {
  name: string;
  sex?: string;
  title?: string;
  honours?: string;
  intro?: string;
  schoolId?: string;
  stage?: number | null;
  subjectCodes?: number[];
  userId?: string | null;
  avatarFileId?: string | null;
}

/** An organisation of the back office's picker, with the teachers of its schools. */
export interface OrgNode {
  orgId: string;
  name: string;
  shortName: string;
  orgType: number;
  parentId: string | null;
  teacherCount: number;
}

export interface ImportProblem {
  row: number;
  column: string;
  reason: string;
}

/** What the Excel import answers: either everything imported, or nothing and every problem. */
export interface ImportReport {
  imported: boolean;
  total: number;
  importedCount: number;
  teacherInfoIds: string[];
  rows: { row: number; name: string; status: 'imported' | 'refused' | 'valid'; teacherInfoId?: string }[];
  problems: ImportProblem[];
}

export interface TeacherFilter {
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  orgId?: string;
  stage?: number;
  subjectCode?: number;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The teacher calls: public reads for the teacher page and cards, back-office writes (`silent`: forms show the server's words). */
export function teachersApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/teacherInfo/${path}`);
  const quiet = { silent: true } as const;
  return {
    byId: (teacherId: string) => http.get<TeacherInfo>(cs('getByTeacherId'), { teacherId }, { public: true, silent: true }),
    publicPage: (filter: { schoolId?: string; pageNum?: number; pageSize?: number }) => http.post<Page<TeacherInfo>>(cs('list'), filter, { public: true }),
    /** The schools that have teacher introductions, with how many. */
    publicSchools: () => http.post<{ schoolId: string; schoolName: string; teacherCount: number }[]>(cs('orgList'), {}, { public: true }),
    managerPage: (filter: TeacherFilter) => http.post<Page<TeacherInfo>>(cs('managerPage'), filter),
    orgTree: () => http.post<OrgNode[]>(cs('managerOrgList'), {}),
    add: (input: TeacherInput) => http.post<TeacherInfo>(cs('add'), input, quiet),
    update: (teacherInfoId: string, input: Partial<TeacherInput>) => http.post<TeacherInfo>(cs('update'), { ...input, teacherInfoId }, quiet),
    remove: (teacherInfoIds: string[]) => http.post<{ deleted: number }>(cs('delete'), { teacherInfoIds }, quiet),
    template: () => http.blob(cs('importTemplate')),
    importExcel: (file: Blob) => http.post<ImportReport>(cs('importExcel'), file, { ...quiet, headers: { 'content-type': XLSX_TYPE } }),
  };
}

export type TeachersApi = ReturnType<typeof teachersApi>;
