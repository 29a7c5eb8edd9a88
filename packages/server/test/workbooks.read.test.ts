/**
 * The bounded reading of uploaded workbooks without a server (src/workbooks/): the zip's structure
 * (what JSZip could read differently is refused), the caps measured while inflating, the tallies of the
 * XML parts, and the child process that parses: its memory cap and time limit end that process with a
 * clear refusal while this one goes on.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readFirstSheet } from '../src/workbooks/sheetProcess.js';
import { rangeCells, readWorkbook, WORKBOOK_LIMITS } from '../src/workbooks/readWorkbook.js';
import { XmlTally } from '../src/workbooks/xmlTally.js';
import { readZipBounded, WorkbookRefusal } from '../src/workbooks/zipEntries.js';
import { plainEntry, repeatedEntry, workbook, workbookParts, zipOf, type ZipEntry } from './workbookKit.js';

const MB = 1024 * 1024;
const limits = { maxEntries: 20, maxEntryBytes: 20 * MB, maxTotalBytes: 50 * MB };

async function refusal(run: () => Promise<unknown>): Promise<WorkbookRefusal> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkbookRefusal);
  return error as WorkbookRefusal;
}

const zeros = (name: string, mib: number): ZipEntry => repeatedEntry(name, '', '\0'.repeat(MB), mib, '');

/** A workbook whose sheet carries `extra` after its data (merged cells, data validations). */
function workbookWith(extra: string): Buffer {
  const p = workbookParts([['张三', '男', '', 'sc-01', '', '', '', '', '']]);
  return zipOf([...p.frame, plainEntry('xl/sharedStrings.xml', p.sstHead + p.sstStrings + p.sstTail), plainEntry('xl/worksheets/sheet1.xml', `${p.sheetHead}${p.sheetRows}</sheetData>${extra}</worksheet>`)]);
}
const validation = (sqref: string) => `<dataValidations count="1"><dataValidation type="list" allowBlank="1" sqref="${sqref}"><formula1>"男,女"</formula1></dataValidation></dataValidations>`;

describe('zip structure and caps', () => {
  it('reads a plain zip and gives each part its real size', async () => {
    const entries = await readZipBounded(workbook([['张三']]), limits, () => undefined);
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
  });

  it('refuses parts over the total cap though each is under the per-part cap, and never inflates past a recorded size', async () => {
    const file = zipOf([zeros('xl/media/a.bin', 18), zeros('xl/media/b.bin', 18), zeros('xl/media/c.bin', 18)]);
    expect(file.length).toBeLessThan(100 * 1024);
    const r = await refusal(() => readZipBounded(file, limits, () => undefined));
    expect([r.kind, r.message]).toEqual(['limit', '解压后过大：全部部件合计超过 50 MB（每个部件最多 20 MB，全部最多 50 MB），请使用下载的模板填写']);
    // Headers that claim 1 KB each are measured, not believed: inflating stops past the first 1 KB.
    const lying = zipOf(['a', 'b', 'c'].map((n) => ({ ...zeros(`xl/media/${n}.bin`, 18), claimedSize: 1024 })));
    const r2 = await refusal(() => readZipBounded(lying, limits, () => undefined));
    expect([r2.kind, r2.message]).toEqual(['invalid', '部件 xl/media/a.bin 解压后超过记录的 1024 字节']);
  });

  it('refuses too many parts, and refuses from the directory before inflating anything', async () => {
    const many = zipOf(Array.from({ length: 21 }, (_, i) => plainEntry(`p${i}.xml`, '<a/>')));
    expect((await refusal(() => readZipBounded(many, limits, () => undefined))).message).toBe('含有 21 个部件，一个文件最多 20 个，请使用下载的模板填写');
  });

  it('refuses what JSZip could read differently: overlapping parts, encryption, other methods, extra bytes, wrong sizes or checksums', async () => {
    const inner = plainEntry('xl/inner.xml', '<a/>');
    const innerZip = zipOf([inner]);
    // Part B's header and data lie inside part A's data: two directory entries, one set of bytes.
    const innerLocal = innerZip.subarray(0, innerZip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    const outer: ZipEntry = { name: 'xl/outer.bin', stored: innerLocal, deflated: false, size: innerLocal.length, crc: 0 };
    const both = zipOf([outer]);
    const dirAt = both.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const centralB = Buffer.from(innerZip.subarray(innerZip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])), innerZip.length - 22));
    centralB.writeUInt32LE(30 + 'xl/outer.bin'.length, 42);
    const dir = Buffer.concat([both.subarray(dirAt, both.length - 22), centralB]);
    const end = Buffer.from(both.subarray(both.length - 22));
    end.writeUInt16LE(2, 8);
    end.writeUInt16LE(2, 10);
    end.writeUInt32LE(dir.length, 12);
    const overlapping = Buffer.concat([both.subarray(0, dirAt), dir, end]);
    const cases: Array<[Buffer, string]> = [
      [overlapping, '部件 xl/inner.xml 与 xl/outer.bin 的数据重叠'],
      [Buffer.concat([workbook([['张三']]), Buffer.from('trailing')]), '压缩包的结尾不完整或有多余的数据'],
      [Buffer.from('not a zip at all, just some text that is long enough'), '找不到压缩包的目录'],
      [zipOf([{ ...inner, claimedSize: 3 }]), '部件 xl/inner.xml 解压后超过记录的 3 字节'],
      [zipOf([{ ...inner, claimedSize: 5 }]), '部件 xl/inner.xml 解压后是 4 字节，与记录的 5 字节不符'],
      [zipOf([{ ...inner, crc: inner.crc ^ 1 }]), '部件 xl/inner.xml 已损坏（校验和不符）'],
      [zipOf([{ ...inner, stored: deflateRawSync(Buffer.from('<a/>')).subarray(0, 2) }]), '部件 xl/inner.xml 无法解压，文件已损坏'],
    ];
    const encrypted = zipOf([inner]);
    encrypted.writeUInt16LE(0x0801, encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    cases.push([encrypted, '部件 xl/inner.xml 已加密']);
    const bzip = zipOf([inner]);
    bzip.writeUInt16LE(12, bzip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    cases.push([bzip, '部件 xl/inner.xml 的压缩方式（12）不受支持']);
    for (const [file, message] of cases) {
      const r = await refusal(() => readZipBounded(file, limits, () => undefined));
      expect([r.kind, r.message]).toEqual(['invalid', message]);
    }
  });
});

describe('tallies of the XML parts', () => {
  const tally = (maxTextRun: number, more: Partial<ConstructorParameters<typeof XmlTally>[0]> = {}) =>
    new XmlTally({
      maxTextRun,
      onLongText: () => {
        throw new Error('long');
      },
      ...more,
    });

  it('counts a text run in characters, an entity as one, across chunks; tags and attributes are not text', () => {
    const t = tally(5, { count: ['row', 'c'] });
    t.push(Buffer.from('<x:row r="1" spans="1:99999999999"><c><t>教育&amp;'));
    t.push(Buffer.from('学</t></c><c/></x:row><row/>'));
    expect([...t.counts]).toEqual([
      ['row', 2],
      ['c', 2],
    ]);
    expect(() => tally(5).push(Buffer.from('<t>教育&amp;学习呀</t>'))).toThrow('long');
    // An & without a ; soon after counts again from its 13th byte.
    expect(() => tally(14).push(Buffer.from(`<t>&${'a'.repeat(30)}</t>`))).toThrow('long');
  });

  it('hands over the opening tags asked for, however the chunks fall', () => {
    const seen: string[] = [];
    const t = tally(100, { capture: { names: ['mergeCell'], maxBytes: 100, onTag: (_n, tag) => seen.push(tag), onTooLong: () => { throw new Error('tag'); } } });
    const xml = Buffer.from('<mergeCells><mergeCell ref="A1:B2"/><x:mergeCell ref="C1:C9"/></mergeCells>');
    for (let i = 0; i < xml.length; i += 7) t.push(xml.subarray(i, i + 7));
    expect(seen).toEqual(['<mergeCell ref="A1:B2"/>', '<x:mergeCell ref="C1:C9"/>']);
    expect(rangeCells('A1:B2 D4 $C$1:$C$9 B:B')).toBe(4 + 1 + 9);
    expect(rangeCells('A1:XFD1048576')).toBe(16384 * 1048576);
  });
});

describe('the parsing process', () => {
  it('reads a workbook with a drop-down list on a whole column, and refuses merged cells or validations over more cells than exceljs can expand', async () => {
    // The time limit is not what this test is about (the next one is): exceljs expands a whole column's
    // list in a few seconds on an idle machine and took over the 20 s limit on a loaded one.
    const one = await readWorkbook(workbookWith(validation('B2:B1048576')), 'file', { ...WORKBOOK_LIMITS, timeoutMs: 180_000 });
    expect(one?.rows.find((r) => r.row === 4)?.cells.get(1)).toBe('张三');
    await expect(readWorkbook(workbookWith(validation('A1:XFD1048576')))).rejects.toMatchObject({
      status: 400,
      field: 'file',
      message: '参数 file 的数据验证（如下拉列表）共覆盖了超过 2200000 个单元格，请只在需要的行上设置',
    });
    await expect(readWorkbook(workbookWith('<mergeCells count="2"><mergeCell ref="A1:I1"/><mergeCell ref="A5:K20000"/></mergeCells>'))).rejects.toMatchObject({
      status: 400,
      message: '参数 file 的合并单元格共覆盖了超过 200000 个单元格，请取消多余的合并',
    });
  }, 240_000);

  it('ends a process that passes its heap cap or its time, with a clear refusal, while this process goes on', async () => {
    const heavy = workbookWith(validation('B2:C1048576'));
    const small = { ...WORKBOOK_LIMITS, heapMb: 48 };
    const oom = await refusal(() => readFirstSheet(heavy, small));
    expect([oom.kind, oom.message]).toEqual(['limit', '解析时超出内存上限（48 MB）：内容过多或过于复杂，请删去多余的行列、整列的下拉列表或合并单元格后分批导入']);
    const slow = await refusal(() => readFirstSheet(heavy, { ...WORKBOOK_LIMITS, timeoutMs: 300 }));
    expect([slow.kind, slow.message]).toEqual(['unavailable', '解析超过 1 秒仍未完成，请稍后重试或分批导入']);
    // And the next file is read as usual.
    expect((await readFirstSheet(workbook([['李四']]), WORKBOOK_LIMITS))?.rows.at(-1)?.cells.get(1)).toBe('李四');
  });

  it('hands back no more text than its cap, a cell too long only by its place and length', async () => {
    const shared = workbookParts([]);
    // One shared string of 3 000 characters in 4 000 cells: 12 M characters once copied out.
    const cells = Array.from({ length: 400 }, (_, r) => `<row r="${r + 4}">${'ABCDEFGHIJ'.split('').map((c) => `<c r="${c}${r + 4}" t="s"><v>9</v></c>`).join('')}</row>`).join('');
    const file = zipOf([
      ...shared.frame,
      plainEntry('xl/sharedStrings.xml', `${shared.sstHead}${shared.sstStrings}<si><t>${'长'.repeat(3000)}</t></si>${shared.sstTail}`),
      plainEntry('xl/worksheets/sheet1.xml', `${shared.sheetHead}${cells}${shared.sheetTail}`),
    ]);
    await expect(readWorkbook(file)).rejects.toMatchObject({ status: 400, message: '参数 file 的单元格文字合计超过 10000000 字，请分批导入' });
    const long = await readFirstSheet(workbook([['王五', '', '', '', '', '', '', '长'.repeat(4001)]]), WORKBOOK_LIMITS);
    expect(long?.tooLong).toEqual({ row: 4, col: 8, length: 4001 });
    expect(long?.rows.at(-1)?.cells.has(8)).toBe(false);
  });
});
