/**
 * Crashes of the embedded database (PGlite in DATA_DIR/pgdata, what a school runs from the README):
 * the server killed with SIGKILL (an OOM kill, a crash), and power cuts, where the machine loses
 * what was written but never reached the disk (powerCut/: the process runs with a recorder of its
 * writes and fsyncs, and the folder is rebuilt as a disk could hold it). After every crash the server
 * must start again and every write it acknowledged must be there.
 *
 * 1. The reported flow: hundreds of writes, SIGKILL, restart (crash recovery), a 500-row teacher
 *    import, a crash right after its answer (SIGKILL; then again with a power cut), restart.
 * 2. A crash loop: writes and 500-row imports, then a SIGKILL or a power cut at a seeded moment (right
 *    after an answer, in the middle of an import, while idle), CRASH_CYCLES times (default 10).
 *
 * PGlite only: PostgreSQL's own durability is PostgreSQL's (postgresRestart.test.ts covers restarts).
 */
import ExcelJS from 'exceljs';
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { record, type FaultRecord } from './faultRecord.js';
import { powerCut } from './powerCut/powerCut.js';
import { cleanupAfterAll, freshDataDir, postgresUrl, serverDir, type ServerProcess, startServer, waitFor } from './serverProcess.js';
import { login, seeded } from './uploadClient.js';

/** A bound on waiting, not a speed: each cycle waits for a server to start and answer, 4 s on a quiet
 * machine and several times that beside the other suites of `npm test` (170 s ran out at load 10). */
const CRASH_FLOW_TIMEOUT_MS = 600_000;
const CYCLES = Number(process.env.CRASH_CYCLES || 10);
const SEED = Number(process.env.FAULT_SEED || 20261128);
const T = '/cloudSchool/v1/teacherInfo';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const recorder = path.join(serverDir, 'test/faults/powerCut/recorder.mjs');

const cleanup = cleanupAfterAll();

interface Envelope {
  status: number;
  message?: string;
  data?: any;
}

async function call(base: string, token: string, route: string, body: unknown): Promise<Envelope> {
  try {
    const raw = Buffer.isBuffer(body);
    const res = await fetch(base + route, {
      method: 'POST',
      headers: { authorization: token, 'content-type': raw ? XLSX : 'application/json' },
      body: raw ? body : JSON.stringify(body),
    });
    return (await res.json()) as Envelope;
  } catch {
    return { status: 0 }; // Cut by the crash: not acknowledged.
  }
}

/**
 * One data folder through crashes: the server runs with the power-cut recorder, and `base` is a copy
 * of the folder as the disk holds it when the journal begins (at the start, and after each power cut).
 */
class Machine {
  server!: ServerProcess;
  token = '';
  private template: Buffer | undefined;
  readonly acked: string[] = [];
  readonly starts: number[] = [];

  private constructor(
    readonly dataDir: string,
    private readonly root: string,
  ) {}

  static async create(): Promise<Machine> {
    const { dataDir, remove } = await freshDataDir();
    cleanup.push(remove);
    const machine = new Machine(dataDir, path.dirname(dataDir));
    cleanup.push(() => machine.server?.stop());
    machine.keepDisk();
    return machine;
  }

  private get pgdata() {
    return path.join(this.dataDir, 'pgdata');
  }
  private get base() {
    return path.join(this.root, 'disk-base');
  }
  private get journal() {
    return path.join(this.root, 'journal');
  }

  /** What is in the folder now is on the disk: the journal starts again from it. */
  private keepDisk() {
    rmSync(this.base, { recursive: true, force: true });
    rmSync(this.journal, { force: true });
    cpSync(this.pgdata, this.base, { recursive: true });
  }

  async start(): Promise<void> {
    const began = Date.now();
    this.server = await startServer({
      dataDir: this.dataDir,
      nodeArgs: ['--import', recorder],
      // The folder comes seeded from the suite's template: the demo seed's checks would only add time.
      env: { POWER_CUT_ROOT: this.pgdata, POWER_CUT_JOURNAL: this.journal, SEED_DEMO: '0' },
    });
    this.starts.push(Date.now() - began);
    this.token = await login(this.server.base, 'admin');
  }

  async sigkill(): Promise<void> {
    this.server.child.kill('SIGKILL');
    expect((await this.server.exited).signal).toBe('SIGKILL');
  }

  /** The process dies and the machine loses what never reached the disk. */
  async powerCut(random: () => number): Promise<void> {
    await this.sigkill();
    powerCut({ root: this.pgdata, base: this.base, journal: this.journal, random });
    this.keepDisk();
  }

  /** `count` writes named `<prefix><i>`, four requests at a time. */
  async addMany(prefix: string, count: number): Promise<number> {
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < count) if (await this.add(`${prefix}${next++}`)) done++;
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return done;
  }

  async add(name: string): Promise<boolean> {
    const answer = await call(this.server.base, this.token, `${T}/add`, { name, schoolId: 'sc-06', intro: '教学'.repeat(100) });
    if (answer.status === 200) this.acked.push(name);
    return answer.status === 200;
  }

  async workbook(tag: string, rows = 500): Promise<Buffer> {
    if (!this.template) {
      const res = await fetch(`${this.server.base}${T}/importTemplate`, { headers: { authorization: this.token } });
      this.template = Buffer.from(await res.arrayBuffer());
    }
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(this.template as unknown as ArrayBuffer);
    for (let i = 0; i < rows; i++) wb.worksheets[0]!.addRow([`${tag}-${i}`, i % 2 ? '女' : '男', '一级教师', '东山市实验小学', '小学', '语文', '区级骨干教师', '简介'.repeat(150), '']);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  /** Imports the workbook; an acknowledged import adds all its names. */
  async import(tag: string, file: Buffer, rows = 500): Promise<boolean> {
    const answer = await call(this.server.base, this.token, `${T}/importExcel`, file);
    const done = answer.status === 200 && answer.data?.imported === true && answer.data?.importedCount === rows;
    if (done) for (let i = 0; i < rows; i++) this.acked.push(`${tag}-${i}`);
    return done;
  }

  /** The acknowledged names the server no longer has (looked up by the prefix before the first '-'). */
  async lost(): Promise<string[]> {
    const have = new Set<string>();
    for (const prefix of new Set(this.acked.map((n) => n.slice(0, n.indexOf('-') + 1)))) {
      for (let pageNum = 1; ; pageNum++) {
        const answer = await call(this.server.base, this.token, `${T}/managerPage`, { keyword: prefix, pageNum, pageSize: 100 });
        expect(answer.status).toBe(200);
        const rows = answer.data.rows as Array<{ name: string }>;
        for (const r of rows) have.add(r.name);
        if (rows.length < 100) break;
      }
    }
    return this.acked.filter((n) => !have.has(n));
  }
}

/** PostgreSQL's own words on why a folder does not start (PGlite keeps its log to itself unless asked). */
function whyNot(pgdata: string): string {
  const copy = `${pgdata}.why`;
  cpSync(pgdata, copy, { recursive: true });
  const script = `import { PGlite } from '@electric-sql/pglite'; try { await PGlite.create({ dataDir: process.argv[1], debug: 1 }); } catch {} process.exit(0);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, copy], { cwd: serverDir, encoding: 'utf8', timeout: 60_000 });
  rmSync(copy, { recursive: true, force: true });
  const lines = `${run.stdout}\n${run.stderr}`.split('\n').filter((l) => /\b(PANIC|FATAL):/.test(l));
  return lines.map((l) => l.slice(l.search(/\b(PANIC|FATAL):/))).join(' | ') || 'no PANIC or FATAL in its log';
}

/** Starts the server again; a server that cannot start counts as a failure with everything lost. */
async function restart(m: Machine, rec: FaultRecord, problems: string[], when: string): Promise<boolean> {
  try {
    await m.start();
    return true;
  } catch (err) {
    rec.failures++;
    rec.lost += m.acked.length;
    const said = String((err as Error).message).split('\n').find((l) => /Error/.test(l)) ?? '';
    problems.push(`${when}: the server did not start again (${said.trim()}); PostgreSQL: ${whyNot(path.join(m.dataDir, 'pgdata'))}`);
    return false;
  }
}

async function check(m: Machine, rec: FaultRecord, problems: string[], when: string): Promise<void> {
  const lost = await m.lost();
  if (lost.length) {
    rec.failures++;
    rec.lost += lost.length;
    problems.push(`${when}: ${lost.length} acknowledged writes lost (${lost.slice(0, 3).join(', ')}…)`);
  }
}

describe.skipIf(postgresUrl)('crashes of the embedded database (PGlite)', () => {
  it('survives hundreds of writes, SIGKILL, restart, a 500-row import and a crash right after its answer (SIGKILL, then a power cut)', async (context) => {
    const rec = record(context, '300 writes → SIGKILL → import → SIGKILL → import → power cut');
    const random = seeded(SEED);
    const m = await Machine.create();
    const problems: string[] = [];
    await m.start();
    expect(await m.addMany('写入-', 300)).toBe(300);
    rec.runs = 1;
    await m.sigkill();
    if (!(await restart(m, rec, problems, 'after SIGKILL during writes'))) return expect(problems).toEqual([]);

    const first = await m.workbook('导入甲');
    expect(await m.import('导入甲', first)).toBe(true);
    rec.runs++;
    await m.sigkill();
    if (!(await restart(m, rec, problems, 'after SIGKILL right after the import'))) return expect(problems).toEqual([]);
    await check(m, rec, problems, 'after SIGKILL right after the import');

    const second = await m.workbook('导入乙');
    expect(await m.import('导入乙', second)).toBe(true);
    rec.runs++;
    await m.powerCut(random);
    if (await restart(m, rec, problems, 'after a power cut right after the import')) await check(m, rec, problems, 'after a power cut right after the import');
    expect(problems).toEqual([]);
  }, CRASH_FLOW_TIMEOUT_MS);

  it(`survives ${CYCLES} crashes (SIGKILL or power cut) after an answer, during an import or while idle, losing nothing acknowledged`, async (context) => {
    const rec = record(context, `seed ${SEED}: SIGKILL / power cut × after an answer / mid-import / idle`);
    const random = seeded(SEED + 1);
    const m = await Machine.create();
    const problems: string[] = [];
    await m.start();
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      rec.runs++;
      const kind = cycle % 2 ? 'power cut' : 'SIGKILL';
      const moment = (['after an answer', 'mid-import', 'idle'] as const)[Math.floor(random() * 3)]!;
      await m.addMany(`环${cycle}-`, 4 + Math.floor(random() * 12));
      let importing: Promise<boolean> | undefined;
      if (moment === 'mid-import' || (moment === 'idle' && random() < 0.5)) {
        const file = await m.workbook(`环导${cycle}`);
        importing = m.import(`环导${cycle}`, file);
        // Mid-import, the crash lands while the import's transaction runs, or a moment after it answered.
        if (moment === 'mid-import') await new Promise((r) => setTimeout(r, Math.floor(random() * 400)));
        else await importing;
      }
      let burst: Promise<number> | undefined;
      if (moment === 'after an answer') {
        // Writes four at a time; the crash lands as soon as one is answered, with others under way.
        const before = m.acked.length;
        burst = m.addMany(`环${cycle}-后`, 40);
        await waitFor(() => m.acked.length > before, 'the first answer', 30_000, 2);
      }
      if (moment === 'idle') await new Promise((r) => setTimeout(r, 100));
      if (kind === 'power cut') await m.powerCut(random);
      else await m.sigkill();
      await importing;
      await burst;
      if (!(await restart(m, rec, problems, `cycle ${cycle} (${kind}, ${moment})`))) break;
    }
    if (!problems.length) await check(m, rec, problems, `after ${CYCLES} crashes`);
    context.task.meta.fault!.note += `; starts ${Math.min(...m.starts)}–${Math.max(...m.starts)} ms`;
    expect(problems).toEqual([]);
  }, CRASH_FLOW_TIMEOUT_MS);
});
