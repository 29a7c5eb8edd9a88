/**
 * An uploaded workbook (.xlsx) read within limits (docs/security.md "Workbooks and pictures"):
 * 1. its zip is walked and every part inflated as a stream, stopping at the per-part and total caps
 *    whatever the headers claim (zipEntries.ts), while each XML part is tallied as it inflates
 *    (xmlTally.ts): a text longer than any cell may be, too many rows, cells or shared strings, or
 *    merged cells or data validations over more cells than exceljs can expand, refuse it at once;
 * 2. only then exceljs parses it, in a child process with a heap cap and a time limit (sheetProcess.ts),
 *    and the first sheet comes back as cell texts, a cell longer than `maxCellChars` named by position.
 * One workbook is read at a time per server process and a few wait their turn, so parallel uploads
 * cannot multiply the memory (or tie up zlib's share of the thread pool); more are refused with 503.
 */
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import { ConcurrencyLimiter, NoPlace, type Places } from '../util/concurrencyLimiter.js';
import { readFirstSheet, type SheetCells, type SheetLimits } from './sheetProcess.js';
import { XmlTally } from './xmlTally.js';
import { readZipBounded, shownName, WorkbookRefusal, type EntrySink, type ZipLimits } from './zipEntries.js';

export interface WorkbookLimits extends ZipLimits, SheetLimits {
  /** The longest text between two tags of any XML part, refused while inflating. */
  maxTextRun: number;
  /** `<row>` elements of all sheets (Excel also writes one for an empty row that has a format). */
  maxRows: number;
  /** `<c>` elements of all sheets. */
  maxCells: number;
  /** `<si>` elements of the shared strings. */
  maxSharedStrings: number;
  /** Cells covered by merged ranges, for each of which exceljs makes a cell. */
  maxMergedCells: number;
  /** Cells covered by data validations, each of which exceljs keys by its address. */
  maxValidatedCells: number;
}

const MB = 1024 * 1024;

/**
 * The defaults, sized from the teacher import (measured with exceljs 4.4 on the 2-core machine):
 * 5 000 rows of typical teachers (≈250 characters each) inflate to 3.7 MB of shared strings and a
 * 1.7 MB sheet; 500 rows (the import's cap) with every field at its longest to 3.8 MB; a 1 MB upload
 * of real text rarely inflates past 10 MB. Parsing 40 MB of parts took exceljs ≈110 MB of heap and
 * 1.4 s; a data validation over two whole columns (a drop-down list set on columns B and C) 205 MB and
 * 6–10 s, which `maxValidatedCells` still lets through and `heapMb` still holds; merged cells cost far
 * more (2 M of them passed 384 MB after 15 s), and a teacher list needs a few at most.
 */
export const WORKBOOK_LIMITS: Readonly<WorkbookLimits> = {
  maxEntries: 100,
  maxEntryBytes: 20 * MB,
  maxTotalBytes: 50 * MB,
  maxTextRun: 16_384,
  maxCellChars: 4_000,
  maxRows: 10_000,
  maxCells: 200_000,
  maxSharedStrings: 200_000,
  maxMergedCells: 200_000,
  maxValidatedCells: 2_200_000,
  maxTotalChars: 10_000_000,
  heapMb: 384,
  timeoutMs: 20_000,
};

/** One workbook read at a time per process, four more waiting their turn (each read is bounded in time). */
const READING: Places = { running: 1, waiting: 4 };
const reading = new ConcurrencyLimiter();

/** Runs `fn` when no other workbook is being read; refuses when too many already wait. */
async function inTurn<T>(fn: () => Promise<T>): Promise<T> {
  const release = await reading.acquire('workbooks', READING).catch((error: unknown) => {
    if (error instanceof NoPlace) throw new WorkbookRefusal('暂时无法处理：服务器正在读取其他 Excel 文件，请稍后重试', 'unavailable');
    throw error;
  });
  try {
    return await fn();
  } finally {
    release();
  }
}

/** Cells `A1:C3 E5`, as exceljs reads a `ref` or `sqref`; what it cannot read it does not expand either. */
export function rangeCells(ref: string): number {
  let sum = 0;
  for (const part of ref.trim().split(/\s+/)) {
    const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?$/i.exec(part);
    if (!m) continue;
    const col = (s: string) => [...s.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    const [c1, r1] = [col(m[1]!), Number(m[2])];
    const [c2, r2] = m[3] ? [col(m[3]), Number(m[4])] : [c1, r1];
    sum += (Math.abs(c2 - c1) + 1) * (Math.abs(r2 - r1) + 1);
  }
  return sum;
}

/** The tallies of one workbook's XML parts, refusing as soon as a total passes its limit. */
function tallies(limits: WorkbookLimits): (name: string) => EntrySink | undefined {
  const totals = { row: 0, c: 0, si: 0, mergeCell: 0, dataValidation: 0 };
  const limit = (message: string): never => {
    throw new WorkbookRefusal(message, 'limit');
  };
  return (name) => {
    // XML parts only (exceljs also parses VML drawings); pictures and other files are only measured.
    if (!/\.(xml|rels|vml)$/i.test(name)) return undefined;
    const shown = shownName(name.replace(/^\//, ''));
    const counted = { row: 0, c: 0, si: 0 };
    const tally = new XmlTally({
      maxTextRun: limits.maxTextRun,
      onLongText: () => limit(`的 ${shown} 中有一段超过 ${limits.maxTextRun} 字的文本，一个单元格最多 ${limits.maxCellChars} 字`),
      count: ['row', 'c', 'si'],
      capture: {
        names: ['mergeCell', 'dataValidation'],
        maxBytes: 64 * 1024,
        onTooLong: (tag) => limit(`的 ${shown} 中有一个过长的 <${tag}> 标记`),
        onTag: (tag, text) => {
          const ref = /\s(?:sq)?ref\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(text);
          const cells = ref ? rangeCells(ref[1] ?? ref[2] ?? '') : 0;
          if (tag === 'mergeCell' && (totals.mergeCell += cells) > limits.maxMergedCells) {
            limit(`的合并单元格共覆盖了超过 ${limits.maxMergedCells} 个单元格，请取消多余的合并`);
          }
          if (tag === 'dataValidation' && (totals.dataValidation += cells) > limits.maxValidatedCells) {
            limit(`的数据验证（如下拉列表）共覆盖了超过 ${limits.maxValidatedCells} 个单元格，请只在需要的行上设置`);
          }
        },
      },
    });
    return (chunk) => {
      tally.push(chunk);
      for (const key of ['row', 'c', 'si'] as const) {
        const now = tally.counts.get(key)!;
        totals[key] += now - counted[key];
        counted[key] = now;
      }
      if (totals.row > limits.maxRows) limit(`的工作表共有超过 ${limits.maxRows} 行（含设置了格式的空行），请删去多余的行后分批导入`);
      if (totals.c > limits.maxCells) limit(`的工作表共有超过 ${limits.maxCells} 个单元格，请删去多余的行列后分批导入`);
      if (totals.si > limits.maxSharedStrings) limit(`的共享字符串超过 ${limits.maxSharedStrings} 条，请分批导入`);
    };
  };
}

/** The refusal as the answer to the request parameter `field`. */
function answerOf(refusal: WorkbookRefusal, field: string): AppError {
  if (refusal.kind === 'invalid') {
    const reason = refusal.message ? `：${refusal.message}` : '';
    return new AppError(Codes.BAD_REQUEST, `参数 ${field} 不是有效的 Excel 文件（.xlsx）${reason}，请下载模板后填写`, { field });
  }
  const code = refusal.kind === 'unavailable' ? Codes.UNAVAILABLE : Codes.BAD_REQUEST;
  return new AppError(code, `参数 ${field} ${refusal.message}`, { field });
}

/**
 * The first sheet of the uploaded workbook `data` (the request parameter `field`), or null when it
 * has none. Refusals are AppErrors naming `field`: 400 for the file, 503 when it cannot be read now.
 */
export async function readWorkbook(data: Buffer, field = 'file', limits: WorkbookLimits = WORKBOOK_LIMITS): Promise<SheetCells | null> {
  try {
    return await inTurn(async () => {
      await readZipBounded(data, limits, tallies(limits));
      return readFirstSheet(data, limits);
    });
  } catch (error) {
    throw error instanceof WorkbookRefusal ? answerOf(error, field) : error;
  }
}
