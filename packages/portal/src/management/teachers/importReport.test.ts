import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../api/teachers';
import { refuseFile, viewOf } from './importReport';

const report = (over: Partial<ImportReport>): ImportReport => ({ imported: false, total: 3, importedCount: 0, teacherInfoIds: [], rows: [], problems: [], ...over });

describe('teacher import in the browser', () => {
  it('refuses a file that is not .xlsx or is over 1 MB before sending it', () => {
    expect(refuseFile({ name: '教师.xls', size: 10 })).toEqual({ key: 'tea.import.notXlsx', name: '教师.xls' });
    expect(refuseFile({ name: '教师.csv', size: 10 })).toMatchObject({ key: 'tea.import.notXlsx' });
    expect(refuseFile({ name: '教师.XLSX', size: 1024 * 1024 })).toBeNull();
    expect(refuseFile({ name: '教师.xlsx', size: 1024 * 1024 + 1 })).toEqual({ key: 'tea.import.tooLarge', name: '教师.xlsx', size: '1.0' });
    expect(refuseFile({ name: 'big.xlsx', size: 3.5 * 1024 * 1024 })).toMatchObject({ size: '3.5' });
  });

  it('lists a refused file problems by row, then column in template order, and counts the rows', () => {
    const view = viewOf(
      report({
        problems: [
          { row: 7, column: '姓名', reason: '与第 4 行重复' },
          { row: 5, column: '学段', reason: '学段“大学”无效' },
          { row: 5, column: '姓名', reason: '姓名不能为空' },
          { row: 5, column: '平台账号', reason: '平台账号“x”不存在' },
        ],
      }),
    );
    expect(view).toMatchObject({ kind: 'refused', importedCount: 0, problemCount: 4, refusedRows: 2 });
    expect(view.problems.map((p) => `${p.row} ${p.column}`)).toEqual(['5 姓名', '5 学段', '5 平台账号', '7 姓名']);
    expect(new Set(view.problems.map((p) => p.key)).size).toBe(4);
  });

  it('says how many were imported when the file was taken whole', () => {
    expect(viewOf(report({ imported: true, importedCount: 3, teacherInfoIds: ['a', 'b', 'c'] }))).toMatchObject({ kind: 'imported', importedCount: 3, problemCount: 0, refusedRows: 0 });
  });
});
