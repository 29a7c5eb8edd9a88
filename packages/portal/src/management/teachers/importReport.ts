/**
 * The browser's side of the Excel import: a quick check of the picked file (the server checks it
 * again, and every row), and the report the server answers turned into what the dialog shows.
 */
import type { ImportProblem, ImportReport } from '../../api/teachers';

export const MAX_IMPORT_BYTES = 1024 * 1024;

export type FileRefusal = { key: 'tea.import.notXlsx'; name: string } | { key: 'tea.import.tooLarge'; name: string; size: string };

/** Why the picked file is not sent at all, or null when it may go. */
export function refuseFile(file: { name: string; size: number }): FileRefusal | null {
  if (!/\.xlsx$/i.test(file.name)) return { key: 'tea.import.notXlsx', name: file.name };
  if (file.size > MAX_IMPORT_BYTES) return { key: 'tea.import.tooLarge', name: file.name, size: (file.size / MAX_IMPORT_BYTES).toFixed(1) };
  return null;
}

/** The template's column order, so problems of one row read left to right. */
const COLUMN_ORDER = ['姓名', '性别', '职称', '学校', '学段', '学科', '荣誉', '简介', '平台账号'];

export interface ReportView {
  kind: 'imported' | 'refused';
  importedCount: number;
  problemCount: number;
  /** How many rows have at least one problem. */
  refusedRows: number;
  /** By row, then column as in the template. */
  problems: (ImportProblem & { key: string })[];
}

export function viewOf(report: ImportReport): ReportView {
  const column = (name: string) => {
    const i = COLUMN_ORDER.indexOf(name);
    return i < 0 ? COLUMN_ORDER.length : i;
  };
  const problems = [...report.problems]
    .sort((a, b) => a.row - b.row || column(a.column) - column(b.column))
    .map((p, i) => ({ ...p, key: `${p.row}:${p.column}:${i}` }));
  return {
    kind: report.imported ? 'imported' : 'refused',
    importedCount: report.importedCount,
    problemCount: problems.length,
    refusedRows: new Set(problems.map((p) => p.row)).size,
    problems,
  };
}
