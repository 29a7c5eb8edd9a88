/**
 * The cache-key class, against the running process: strangers send every public cached route forty
 * bodies each carrying a new 900 KB unknown property, and a body nested 10 000 levels deep. Answers
 * stay what they were, the deep body is refused (4200005, not 500), and the process's resident memory
 * grows by far less than what was sent (144 MB; a cache keyed on the body would keep all of it).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { record } from './faultRecord.js';
import { cleanupAfterAll, databaseLeg, type ServerProcess, startFreshServer } from './serverProcess.js';
import { rawPost } from './uploadClient.js';

let server: ServerProcess;
const cleanup = cleanupAfterAll();
beforeAll(async () => {
  server = await startFreshServer(cleanup);
});

const CACHED: Array<[string, Record<string, unknown>]> = [
  ['/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { stage: 2 }],
  ['/cloudSchool/v1/cloudLesson/getLiveLessonPage', { stage: 2 }],
  ['/cloudSchool/v1/cloudLesson/count', { stage: 2 }],
  ['/base/v1/globalConfig/list', {}],
];
const JUNK = 'x'.repeat(900_000);
const DEEP = `{"stage":2,"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) / 1024;
const post = (url: string, body: string) => rawPost(server.base, url, Buffer.from(body), { 'content-type': 'application/json' });

describe(`unknown, huge and deep bodies on every public cached route (${databaseLeg})`, () => {
  it('leave the answers as they were and the memory bounded', async (context) => {
    const rec = record(context, `${CACHED.length} routes × 40 bodies with a new 900 KB property + a 10 000-deep body`);
    const plain = new Map<string, string>();
    for (const [url, body] of CACHED) {
      const answer = await post(url, JSON.stringify(body));
      expect(answer.status).toBe(200);
      plain.set(url, JSON.stringify(answer.data));
    }
    const before = rssMb();
    const wrong: string[] = [];
    for (const [url, body] of CACHED) {
      for (let i = 0; i < 40; i++) {
        rec.runs++;
        const answer = await post(url, JSON.stringify({ ...body, [`junk${i}`]: JUNK }));
        if (answer.status !== 200 || JSON.stringify(answer.data) !== plain.get(url)) wrong.push(`${url} junk${i}: ${answer.http} ${answer.status}`);
      }
      const deep = await post(url, DEEP);
      if (deep.status !== 4200005) wrong.push(`${url} deep: ${deep.http} ${deep.status} ${deep.message}`);
    }
    const grownMb = rssMb() - before;
    rec.failures = wrong.length;
    rec.note += `; RSS +${grownMb.toFixed(0)} MB`;
    expect(wrong).toEqual([]);
    expect(grownMb).toBeLessThan(100);
  });
});
