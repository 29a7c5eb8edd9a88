/**
 * Excel exports (.xlsx, exceljs's streaming WorkbookWriter): one sheet per table, Chinese headers in
 * the first row, rows written as they are read and streamed to the reply, so a 20 000-row export holds
 * one batch of rows in memory, not the file. No shared-strings table and no styles: both would grow
 * with the rows.
 *
 * Formula injection (OWASP "CSV injection"): text is written as a string cell (`t="str"`, the text in
 * `<v>`, no `<f>` element), never as a formula — this writer takes strings and numbers only, and
 * exceljs makes a formula only of a `{ formula }` value — so `=1+1`, `+86 138…` or `@SUM(A1)` is shown
 * as typed and never computed, in Excel, WPS and LibreOffice alike. No `'` is put in front: in a
 * string cell of an .xlsx it is a visible character of the text, not Excel's hidden quote prefix
 * (docs/security.md "Exports").
 *
 * Errors: the caller checks everything (token, scope, the activity, the query) before `sendXlsx`, so
 * a refusal is still the JSON envelope with its HTTP status; once the first byte is out an error can
 * only break the download (the client sees a truncated file, never a wrong one).
 */
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../files/contentDisposition.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | null | undefined;

export interface Column<T> {
  header: string;
  /** Width in characters (Chinese characters count about two). */
  width?: number;
  value: (row: T) => CellValue;
}

export interface Sheet<T> {
  /** The sheet's tab name (≤ 31 characters; []:*?/\ are replaced). */
  name: string;
  columns: Column<T>[];
  /** Rows in order; an async iterable reads them from the database batch by batch. */
  rows: Iterable<T> | AsyncIterable<T>;
}

/** A sheet of any row type, for a workbook of several tables. */
export const sheet = <T>(spec: Sheet<T>): Sheet<unknown> => spec as unknown as Sheet<unknown>;

/** A cell's value as written: text as typed (a text cell), a finite number, or an empty cell. */
export function cellOf(value: CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return String(value);
}

const sheetName = (name: string, used: Set<string>): string => {
  const base = name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
  let candidate = base;
  for (let i = 2; used.has(candidate); i++) candidate = `${base.slice(0, 28)}(${i})`;
  used.add(candidate);
  return candidate;
};

/** The download's name: `<活动名>-<表名>-<YYYYMMDD>.xlsx` in China time. */
export function exportFileName(parts: string[], now: number): string {
  const day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${[...parts.filter(Boolean), day].join('-').replace(/\s+/g, ' ').slice(0, 150)}.xlsx`;
}

/** Writes the workbook into `out`, a batch of rows at a time, waiting while the reader is behind. */
export async function writeWorkbook(out: PassThrough, sheets: Sheet<unknown>[]): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const used = new Set<string>();
  for (const sheet of sheets) {
    const ws = book.addWorksheet(sheetName(sheet.name, used));
    ws.columns = sheet.columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(10, c.header.length * 2 + 2) }));
    let n = 0;
    for await (const row of sheet.rows) {
      ws.addRow(sheet.columns.map((c) => cellOf(c.value(row)))).commit();
      if (++n % 500 === 0 && out.writableNeedDrain) await once(out, 'drain');
    }
    ws.commit();
  }
  await book.commit();
}

/** Answers the workbook as the reply's body (a stream), with the RFC 6266 file name. */
export function sendXlsx(reply: FastifyReply, fileName: string, sheets: Sheet<unknown>[]): FastifyReply {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  writeWorkbook(out, sheets).catch((error: unknown) => {
    reply.log.error({ err: error }, 'xlsx export failed while streaming');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('cache-control', 'no-store')
    .send(out);
}

/** Reads a table in pages (keyset or offset, as `page` does) so an export never loads every row at once. */
export async function* inBatches<T>(page: (offset: number, limit: number) => Promise<T[]>, size = 1000): AsyncIterable<T> {
  for (let offset = 0; ; offset += size) {
    const batch = await page(offset, size);
    yield* batch;
    if (batch.length < size) return;
  }
}
