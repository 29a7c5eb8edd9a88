/**
 * Text that looks like a formula leaves an export exactly as it was typed and still cannot run: the
 * workbook is written, read back (exceljs, as a spreadsheet program would load it) and its sheet XML
 * read raw, where a formula would be an `<f>` element.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readZipBounded } from '../workbooks/zipEntries.js';
import { WORKBOOK_LIMITS } from '../workbooks/readWorkbook.js';
import { writeWorkbook } from './xlsx.js';

const TYPED = ['=1+1', '+86 138 0013 8000', '-5 分', '@SUM(A1)', '=HYPERLINK("http://x","点我")', '\t=1+1', '普通文字'];

async function exported(values: string[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeWorkbook(out, [{ name: '作品', columns: [{ header: '名称', value: (v) => v as string }, { header: '分数', value: () => 90 }], rows: values }]);
  await ended;
  return Buffer.concat(chunks);
}

async function sheetXml(file: Buffer): Promise<string> {
  const parts: Buffer[] = [];
  await readZipBounded(file, WORKBOOK_LIMITS, (name) => (name === 'xl/worksheets/sheet1.xml' ? (chunk) => void parts.push(chunk) : undefined));
  return Buffer.concat(parts).toString('utf8');
}

describe('xlsx exports', () => {
  it('keep formula-looking text as typed, in text cells that are no formulas', async () => {
    const file = await exported(TYPED);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('作品')!;
    const cells = TYPED.map((_, i) => sheet.getRow(i + 2).getCell(1));
    expect(cells.map((cell) => cell.value)).toEqual(TYPED);
    for (const cell of cells) {
      expect(cell.type, String(cell.value)).toBe(ExcelJS.ValueType.String);
      expect(cell.formula, String(cell.value)).toBeUndefined();
    }
    expect(sheet.getRow(2).getCell(2).value).toBe(90);

    // In the file itself: no formula anywhere, and every text cell a string cell whose text is data.
    const xml = await sheetXml(file);
    expect(xml).not.toMatch(/<f[ >]/);
    const textCells = [...xml.matchAll(/<c [^>]*>/g)].map((m) => m[0]).filter((tag) => /\bt="/.test(tag));
    expect(textCells.length).toBe(TYPED.length + 2);
    expect(textCells.every((tag) => /\bt="(str|inlineStr|s)"/.test(tag))).toBe(true);
    expect(xml).toContain('<v>=1+1</v>');
  });
});
