/**
 * The batch-import workbook of teacher introductions (exceljs): the template the back office
 * downloads, and the reading of a filled one (readWorkbook: bounded, in a child process) into rows of
 * cell texts by column. Row 1 names the columns, row 2 says how to fill them (说明), row 3 is an
 * example (its name starts with 示例); the reader skips both and reports rows by their number in Excel.
 */
import ExcelJS from 'exceljs';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import { readWorkbook, WORKBOOK_LIMITS } from '../workbooks/readWorkbook.js';

export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_IMPORT_ROWS = 500;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ColumnKey = 'name' | 'sex' | 'title' | 'school' | 'stage' | 'subjects' | 'honours' | 'intro' | 'username';

export interface Column {
  key: ColumnKey;
  title: string;
  required?: true;
  note: string;
  example: string;
  width: number;
}

export const COLUMNS: readonly Column[] = [
  { key: 'name', title: '姓名', required: true, note: '必填，最多 32 字', example: '示例：张明', width: 14 },
  { key: 'sex', title: '性别', note: '男 或 女，不填为男', example: '男', width: 8 },
  { key: 'title', title: '职称', note: '最多 32 字', example: '高级教师', width: 14 },
  { key: 'school', title: '学校', required: true, note: '必填，学校全称或机构编号，须在您的管理范围内', example: '东山市南湖区实验小学', width: 26 },
  { key: 'stage', title: '学段', note: '幼儿园、小学、初中、高中、其他；填学科时必填', example: '小学', width: 10 },
  { key: 'subjects', title: '学科', note: '该学段的学科，多个用顿号分隔', example: '语文、数学', width: 16 },
  { key: 'honours', title: '荣誉', note: '多项用分号或换行分隔，最多 500 字', example: '市级骨干教师；区优秀班主任', width: 26 },
  { key: 'intro', title: '简介', note: '最多 2000 字', example: '从教二十年，擅长阅读教学。', width: 36 },
  { key: 'username', title: '平台账号', note: '可选：教师在平台上的登录账号，关联后显示其课程', example: '', width: 14 },
];

export const NOTE_PREFIX = '说明';
export const EXAMPLE_PREFIX = '示例';

/** The template: the columns, a note row and an example row. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'DS cloud school';
  const ws = wb.addWorksheet('教师');
  ws.columns = COLUMNS.map((c) => ({ header: c.required ? `${c.title}（必填）` : c.title, key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  const note = ws.addRow(COLUMNS.map((c, i) => (i === 0 ? `${NOTE_PREFIX}：${c.note}（本行与示例行不导入）` : c.note)));
  note.font = { italic: true, color: { argb: 'FF808080' } };
  note.alignment = { wrapText: true, vertical: 'top' };
  ws.addRow(COLUMNS.map((c) => c.example));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One data row: its number in Excel and the text of each known column. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<ColumnKey, string>>;
}

const bad = (message: string) => new AppError(Codes.BAD_REQUEST, message, { field: 'file' });

/** `H` for column 8. */
function columnLetter(col: number): string {
  let out = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/**
 * Reads the first sheet (within the limits of readWorkbook, off the event loop); refuses a file that
 * is not a workbook, has no known header, a cell longer than any field may be, or too many rows.
 */
export async function readSheet(data: Buffer): Promise<SheetRow[]> {
  if (data.length === 0) throw bad('参数 file 是空文件，请上传填写好的 Excel 模板（.xlsx）');
  const sheet = await readWorkbook(data, 'file');
  if (!sheet) throw bad('参数 file 中没有工作表，请下载模板后填写');
  const byCol = new Map<number, ColumnKey>();
  const header = sheet.rows[0]?.row === 1 ? sheet.rows[0].cells : new Map<number, string>();
  for (const [col, text] of header) {
    const title = text.replace(/[（(]必填[)）]/, '').trim();
    const column = COLUMNS.find((c) => c.title === title);
    if (column) byCol.set(col, column.key);
  }
  if (sheet.tooLong) {
    const { row, col, length } = sheet.tooLong;
    const key = byCol.get(col);
    const where = key ? `“${COLUMNS.find((c) => c.key === key)!.title}”` : `第 ${columnLetter(col)} 列`;
    throw bad(`参数 file 第 ${row} 行${where}有 ${length} 字，一个单元格最多 ${WORKBOOK_LIMITS.maxCellChars} 字`);
  }
  const missing = COLUMNS.filter((c) => c.required && ![...byCol.values()].includes(c.key));
  if (missing.length > 0) throw bad(`参数 file 第 1 行缺少列：${missing.map((c) => c.title).join('、')}（请使用下载的模板）`);
  const out: SheetRow[] = [];
  for (const { row, cells: texts } of sheet.rows) {
    if (row === 1) continue;
    const cells: SheetRow['cells'] = {};
    for (const [col, key] of byCol) {
      const text = texts.get(col);
      if (text) cells[key] = text;
    }
    if (Object.keys(cells).length === 0) continue;
    const first = cells.name ?? '';
    if (first.startsWith(NOTE_PREFIX) || first.startsWith(EXAMPLE_PREFIX)) continue;
    out.push({ row, cells });
  }
  if (out.length === 0) throw bad('参数 file 中没有教师数据：请从第 4 行起每行填写一位教师');
  if (out.length > MAX_IMPORT_ROWS) throw bad(`参数 file 有 ${out.length} 行教师，一次最多导入 ${MAX_IMPORT_ROWS} 行，请分批导入`);
  return out;
}
