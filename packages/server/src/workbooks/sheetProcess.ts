/**
 * The first sheet of a workbook as cell texts, parsed by exceljs in a child process of its own with
 * a heap cap (`--max-old-space-size`) and a time limit, so the server's event loop stays free while
 * it parses and a file that needs too much memory or time ends that process, not the server.
 *
 * A process, not a worker thread: a worker's `resourceLimits` do not hold for every allocation — a
 * hash table growing past the limit aborts the whole process (nodejs/node#47224; seen here with exceljs
 * expanding a data validation over whole columns cell by cell) — and a `--max-old-space-size` given to
 * the server silently overrides them (nodejs/node#43991). A child that runs out of memory ends alone.
 * One process per import rather than a pool: imports are a rare back-office action; a fresh process
 * means the cap applies to that one file and nothing a hostile file did outlives it, at ≈0.5 s to
 * start it and load exceljs. The caller runs one at a time (readWorkbook.ts).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { WorkbookRefusal } from './zipEntries.js';

export interface SheetLimits {
  /** The child's V8 heap cap. */
  heapMb: number;
  timeoutMs: number;
  /** Longer cell texts are not handed back: the first one is reported as `tooLong`. */
  maxCellChars: number;
  /** All texts handed back together (a shared string repeated in every cell is copied each time). */
  maxTotalChars: number;
}

export interface SheetCells {
  /** Non-empty rows by number, each with its non-empty cell texts (trimmed) by column number. */
  rows: Array<{ row: number; cells: Map<number, string> }>;
  tooLong: { row: number; col: number; length: number } | null;
}

/** Plain CommonJS run with `node -e`; the bytes and limits come over the IPC channel. */
const CHILD_SOURCE = String.raw`
'use strict';
process.on('disconnect', () => process.exit(0));
process.once('message', async (m) => {
  const reply = (answer) => process.send(answer, () => process.exit(0));
  try {
    const ExcelJS = require(m.exceljs);
    const text = (v) => {
      if (v === null || v === undefined) return '';
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
      if (typeof v === 'object') {
        if (Array.isArray(v.richText)) return v.richText.map((r) => (r && typeof r.text === 'string' ? r.text : '')).join('');
        if (typeof v.text === 'string') return v.text;
        if ('result' in v) return text(v.result);
        return '';
      }
      return String(v);
    };
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(m.data);
    } catch {
      return reply({ invalid: true });
    }
    const sheet = book.worksheets[0];
    if (!sheet) return reply({ rows: null });
    const rows = [];
    let tooLong = null;
    let total = 0;
    let tooMuch = false;
    sheet.eachRow({ includeEmpty: false }, (row, r) => {
      if (tooMuch) return;
      const cells = [];
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        const t = text(cell.value).trim();
        if (!t) return;
        if (t.length > m.maxCellChars) {
          tooLong = tooLong || { row: r, col: c, length: t.length };
          return;
        }
        total += t.length;
        cells.push([c, t]);
      });
      if (total > m.maxTotalChars) tooMuch = true;
      else if (cells.length > 0) rows.push([r, cells]);
    });
    reply(tooMuch ? { tooMuchText: true } : { rows, tooLong });
  } catch (error) {
    reply({ failed: String((error && error.stack) || error).slice(0, 2000) });
  }
});
`;

type Answer =
  | { invalid: true }
  | { rows: null }
  | { tooMuchText: true }
  | { failed: string }
  | { rows: Array<[number, Array<[number, string]>]>; tooLong: SheetCells['tooLong'] };

let exceljsPath: string | undefined;

/** The first sheet's cells, or null when the workbook has no sheet; throws a WorkbookRefusal. */
export function readFirstSheet(data: Buffer, limits: SheetLimits): Promise<SheetCells | null> {
  exceljsPath ??= createRequire(import.meta.url).resolve('exceljs');
  const child = spawn(process.execPath, [`--max-old-space-size=${limits.heapMb}`, '-e', CHILD_SOURCE], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    // The server's NODE_OPTIONS (a preloaded profiler, another heap size) are not the reader's.
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  return new Promise<SheetCells | null>((resolve, reject) => {
    let answer: Answer | undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.once('message', (m) => {
      answer = m as Answer;
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`the workbook reader could not start: ${error.message}`, { cause: error }));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (answer) return settle(answer, limits, resolve, reject);
      if (timedOut) {
        return reject(new WorkbookRefusal(`解析超过 ${Math.ceil(limits.timeoutMs / 1000)} 秒仍未完成，请稍后重试或分批导入`, 'unavailable'));
      }
      if (signal === 'SIGABRT' || code === 134 || /heap out of memory|Allocation failed/i.test(stderr)) {
        return reject(new WorkbookRefusal(`解析时超出内存上限（${limits.heapMb} MB）：内容过多或过于复杂，请删去多余的行列、整列的下拉列表或合并单元格后分批导入`, 'limit'));
      }
      reject(new Error(`the workbook reader exited (${signal ?? code}) without an answer: ${stderr.trim().slice(-500)}`));
    });
    child.send({ exceljs: exceljsPath, data, maxCellChars: limits.maxCellChars, maxTotalChars: limits.maxTotalChars });
  });
}

function settle(answer: Answer, limits: SheetLimits, resolve: (cells: SheetCells | null) => void, reject: (e: Error) => void): void {
  if ('invalid' in answer) return reject(new WorkbookRefusal('', 'invalid'));
  if ('failed' in answer) return reject(new Error(`the workbook reader failed: ${answer.failed}`));
  if ('tooMuchText' in answer) return reject(new WorkbookRefusal(`的单元格文字合计超过 ${limits.maxTotalChars} 字，请分批导入`, 'limit'));
  if (answer.rows === null) return resolve(null);
  resolve({ rows: answer.rows.map(([row, cells]) => ({ row, cells: new Map(cells) })), tooLong: 'tooLong' in answer ? answer.tooLong : null });
}
