import type { Platform } from '@dscloud/sdk';
import type { ImportProblem, ImportReport, OrgNode, TeacherFilter, TeacherInfo, TeacherInput } from '@dscloud/sdk/teachers';
import type { Page } from './lessons';

export type { TeacherInfo, TeacherInput, OrgNode, ImportProblem, ImportReport, TeacherFilter };

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
