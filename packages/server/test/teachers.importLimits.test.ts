/**
 * What a teacher workbook may unpack to: zip bombs (a part that inflates to hundreds of MB from a few
 * hundred KB, with honest or lying zip headers) and over-long cells are refused with a Chinese message
 * naming the problem, while /healthz keeps answering, this process's memory barely grows and no
 * teacher changes; a small valid workbook built the same way still imports.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { bombWorkbook, workbook } from './workbookKit.js';

const T = '/cloudSchool/v1/teacherInfo';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const h = useHarness();
let admin: string;

beforeAll(async () => {
  admin = await h.token('admin');
});

const row = (name: string, intro = '') => [name, '男', '', 'sc-01', '小学', '', '', intro, ''];
const teachers = () => h.query('SELECT * FROM teacher_infos ORDER BY id');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Watched {
  http: number;
  status: number;
  message: string;
  /** The slowest /healthz answer while the file was processed, in ms. */
  slowestProbe: number;
  probes: number;
  /** How much the resident memory of this process (the server's) grew meanwhile, in MB. */
  rssGrowthMb: number;
}

/** Posts the workbook and probes /healthz and the memory every 50 ms until the answer comes (25 s at most). */
async function uploadWatched(body: Buffer): Promise<Watched> {
  let done = false;
  let slowestProbe = 0;
  let probes = 0;
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 50);
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${h.base}/healthz`, { signal: AbortSignal.timeout(10_000) });
      expect(res.status).toBe(200);
      slowestProbe = Math.max(slowestProbe, performance.now() - started);
      probes++;
      await sleep(50);
    }
  })();
  try {
    const res = await fetch(`${h.base}${T}/importExcel`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': XLSX },
      body,
      signal: AbortSignal.timeout(25_000),
    });
    const json = (await res.json()) as { status: number; message: string };
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    return { http: res.status, status: json.status, message: json.message, slowestProbe, probes, rssGrowthMb: (rssPeak - rssBefore) / 1024 / 1024 };
  } finally {
    done = true;
    clearInterval(sampler);
    await probing;
  }
}

/** After the refusal /healthz answers at once. */
async function healthyNow(): Promise<void> {
  const started = performance.now();
  expect((await fetch(`${h.base}/healthz`)).status).toBe(200);
  expect(performance.now() - started).toBeLessThan(1_000);
}

describe('teacher import limits', () => {
  it('imports a small valid workbook built byte by byte (the control of the bombs below)', async () => {
    const before = (await teachers()).length;
    const answer = await uploadWatched(workbook([row('对照教师甲')]));
    expect([answer.http, answer.status]).toEqual([200, 200]);
    expect((await teachers()).length).toBe(before + 1);
  });

  // Each bomb is a few hundred KB that inflates to 200 MiB; the zip headers record the real size, or lie.
  it.each([
    [
      'refuses shared strings of 200 MiB whose zip headers say so before inflating them, with /healthz answering',
      () => bombWorkbook([row('炸弹教师甲')], { part: 'sharedStrings', mib: 200 }),
      '参数 file 解压后过大：其中 xl/sharedStrings.xml 超过 20 MB（每个部件最多 20 MB，全部最多 50 MB），请使用下载的模板填写',
    ],
    [
      'stops inflating shared strings at the size their zip headers record (2 KB) when they inflate to 200 MiB',
      () => bombWorkbook([row('炸弹教师乙')], { part: 'sharedStrings', mib: 200, claimedSize: 2048 }),
      '参数 file 不是有效的 Excel 文件（.xlsx）：部件 xl/sharedStrings.xml 解压后超过记录的 2048 字节，请下载模板后填写',
    ],
    [
      'stops at 19 MB when the headers record 19 MB for shared strings that inflate to 200 MiB',
      () => bombWorkbook([row('炸弹教师丁')], { part: 'sharedStrings', mib: 200, claimedSize: 19 * 1024 * 1024 }),
      `参数 file 不是有效的 Excel 文件（.xlsx）：部件 xl/sharedStrings.xml 解压后超过记录的 ${19 * 1024 * 1024} 字节，请下载模板后填写`,
    ],
    [
      'refuses a sheet cell of 200 MiB of repeated characters (headers recording 19 MB) while unpacking, with /healthz answering',
      () => bombWorkbook([row('炸弹教师丙')], { part: 'sheet', mib: 200, claimedSize: 19 * 1024 * 1024 }),
      '参数 file 的 xl/worksheets/sheet1.xml 中有一段超过 16384 字的文本，一个单元格最多 4000 字',
    ],
  ])('%s', async (_name, make, message) => {
    const file = make();
    expect(file.length).toBeLessThan(600 * 1024);
    const before = await teachers();
    const answer = await uploadWatched(file);
    expect([answer.http, answer.status]).toEqual([400, 400]);
    expect(answer.slowestProbe).toBeLessThan(1_000);
    expect(answer.rssGrowthMb).toBeLessThan(100);
    expect(answer.message).toBe(message);
    await healthyNow();
    expect(await teachers()).toEqual(before);
  });

  it('refuses a cell over 4 000 characters naming its row and column, and stores nothing', async () => {
    const before = await teachers();
    const answer = await uploadWatched(workbook([row('长简介教师'), row('超长简介教师', '从'.repeat(5000))]));
    expect([answer.http, answer.status]).toEqual([400, 400]);
    expect(answer.message).toBe('参数 file 第 5 行“简介”有 5000 字，一个单元格最多 4000 字');
    expect(await teachers()).toEqual(before);
    // Up to the cell limit the row is checked as usual: 简介 over 2 000 characters is a problem of its row.
    const long = await uploadWatched(workbook([row('较长简介教师', '从'.repeat(2500))]));
    expect([long.http, long.status]).toEqual([200, 200]);
  });
});
