/**
 * Walks the back-office permission matrix (test/rbacMatrix.ts) against the running server: every cell
 * is one real call with that role's token. Also checks that the table names exactly the routes opened
 * by `managed()` and that docs/roles.md shows the table as it is (`UPDATE_ROLES_DOC=1` rewrites it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { RBAC_MATRIX, ROLE_COLUMNS, ROLE_TITLES, type GateAnswer, type RoleColumn } from './rbacMatrix.js';

const ROLES_DOC = fileURLToPath(new URL('../../../docs/roles.md', import.meta.url));
const START = '<!-- rbac-matrix:start -->';
const END = '<!-- rbac-matrix:end -->';

let h: Harness;
const tokens = new Map<RoleColumn, string | undefined>();

beforeAll(async () => {
  h = await startHarness();
  for (const role of ROLE_COLUMNS) tokens.set(role, role === 'anon' ? undefined : await h.token(role));
});
afterAll(async () => {
  await h?.close();
});

const managedRoutes = () =>
  h.app.routeList.filter((r) => (r.management || r.reviewer) && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);

function gateAnswer(answer: { http: number; status: number }): GateAnswer {
  if (answer.status === 4010001 || answer.http === 401) return 401;
  if (answer.http === 403) return 403;
  return 'ok';
}

function matrixMarkdown(): string {
  const head = `| 调用 | ${ROLE_COLUMNS.map((r) => ROLE_TITLES[r]).join(' | ')} |`;
  const rule = `|---|${ROLE_COLUMNS.map(() => ':-:').join('|')}|`;
  const mark = (a: GateAnswer) => (a === 'ok' ? '✓' : String(a));
  const body = Object.entries(RBAC_MATRIX).map(([route, cells]) => `| \`${route}\` | ${ROLE_COLUMNS.map((r) => mark(cells[r])).join(' | ')} |`);
  return [head, rule, ...body].join('\n');
}

describe('back-office permission matrix', () => {
  it('names exactly the routes opened by managed() and the reviewer gate', () => {
    expect(new Set(Object.keys(RBAC_MATRIX))).toEqual(new Set(managedRoutes()));
  });

  it('answers every cell as the table says', async () => {
    const wrong: string[] = [];
    for (const [route, cells] of Object.entries(RBAC_MATRIX)) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:(\w+)/g, 'x1');
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const role of ROLE_COLUMNS) {
        const got = gateAnswer(await h.call(method, url, { body, token: tokens.get(role) }));
        if (got !== cells[role]) wrong.push(`${route} as ${role}: expected ${cells[role]}, got ${got}`);
      }
    }
    expect(wrong).toEqual([]);
    // Several hundred requests one after another: 9–23 s on a quiet machine, over 30 s on a loaded
    // one. A bound on waiting, not a time the test measures.
  }, 180_000);

  it('is the table docs/roles.md shows', () => {
    const doc = readFileSync(ROLES_DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `${ROLES_DOC} lacks ${START}`).toBeGreaterThanOrEqual(0);
    const fresh = `${doc.slice(0, start + START.length)}\n${matrixMarkdown()}\n${doc.slice(end)}`;
    if (process.env.UPDATE_ROLES_DOC === '1' && doc !== fresh) {
      writeFileSync(ROLES_DOC, fresh);
      return;
    }
    expect(doc, 'docs/roles.md is out of date: run UPDATE_ROLES_DOC=1 npx vitest run test/rbac.test.ts').toBe(fresh);
  });
});
