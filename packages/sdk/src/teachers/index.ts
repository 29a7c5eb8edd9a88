/**
 * Teacher introductions, once for every client: the shapes of `/v1/teacherInfo/*` (docs/api.md
 * "Teacher introductions"). The server answers with them; the portal's teacher pages and back-office
 * read them.
 */

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
  /** Published lessons this teacher teaches. */
  lessonCount: number;
  createTime: number;
  updateTime: number;
}

/** Body of `add` and `update`. */
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

/** Body of `managerPage`. */
export interface TeacherFilter {
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  orgId?: string;
  stage?: number;
  subjectCode?: number;
}

/** An organisation of the back office's picker, with the teachers of its schools. */
export interface OrgNode {
  orgId: string;
  name: string;
  shortName: string;
  orgType: number;
  parentId: string | null;
  /** Teachers of this school, or of all the schools under this bureau. */
  teacherCount: number;
}

export interface ImportProblem {
  /** The row's number in Excel. */
  row: number;
  /** The column's title in the template (姓名, 学校, …). */
  column: string;
  reason: string;
}

/** What the Excel import answers: either everything imported, or nothing and every problem. */
export interface ImportReport {
  /** True when the rows were stored; false when any was refused (then nothing was stored). */
  imported: boolean;
  total: number;
  importedCount: number;
  teacherInfoIds: string[];
  rows: { row: number; name: string; status: 'imported' | 'refused' | 'valid'; teacherInfoId?: string }[];
  problems: ImportProblem[];
}
