// Fills a data folder (or DATABASE_URL) with one published activity for the node-tree benchmark before
// a server starts on it: a scope of BENCH_BOOKS generated books (default 6, one scope row each) of
// BENCH_NODES chapter nodes in all (default 2 000: per book 8 chapters of 40 sections), BENCH_SIGN_UPS
// teachers (default 5 000) signed up, each holding one section (3 teachers per node at most), plus the
// demo teacher signed up with no node yet.
// Bundles the server's database code from source with esbuild, as seed-lessons.mjs does. Prints one
// JSON line: `{ activityId, bookId (the first book), books, nodes, bookNodes, signUps, ms }`.
// With BENCH_REVIEW=1 every
// held node also gets a work in a review state (i % 10: draft, pending at levels 1–3, returned, passed,
// rejected, high-quality), reviewers at three levels with their decisions, the demo `reviewer` assigned
// at district and city level (no decisions), and copies of the activity
// holding only the first 5 000 and 10 000 works (`act-bench-5000`, `act-bench-10000`) for the exports.
//   node bench/seed-activity.mjs <dataDir>
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const dataDir = process.argv[2];
if (!dataDir && !process.env.DATABASE_URL) {
  console.error('usage: node bench/seed-activity.mjs <dataDir>   (or set DATABASE_URL)');
  process.exit(2);
}
const nodes = Number(process.env.BENCH_NODES || 2000);
const signUps = Number(process.env.BENCH_SIGN_UPS || 5000);
const books = Number(process.env.BENCH_BOOKS || 6);

const server = join(root, 'packages/server');
const pkg = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@dscloud/sdk' && name !== 'drizzle-orm');
const entry = `
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './src/db/database.ts';
import { migrate } from './src/db/migrate.ts';
import { seedDemoAccounts } from './src/users/demoSeed.ts';
import { seedCurriculum } from './src/curriculum/curriculumSeed.ts';
export async function seed(dataDir, url, password, nodes, signUps, books, review) {
  const started = Date.now();
  const db = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, 'pgdata') });
  const q = (text) => db.orm.execute(sql.raw(text));
  try {
    await migrate(db);
    await seedDemoAccounts(db.orm, password, started);
    await seedCurriculum(db.orm);
    const chapters = 8;
    const sections = Math.max(1, Math.floor(nodes / books / chapters) - 1);
    await q(\`INSERT INTO curriculum_books (id, edition_id, stage, subject_code, grade, grade_name, term, term_name, name, sort)
      SELECT 'bk-bench-' || b, 'ed-tongbian', 2, 213, 6, '六年级', 1, '上册', '语文 压测册 ' || b, 90 + b FROM generate_series(1, \${books}) b\`);
    await q(\`INSERT INTO lesson_nodes (id, kind, parent_id, name, level, sort, book_id, stage, subject_code, path)
      SELECT 'bn-' || b || '-' || c, 'chapter', NULL, '第' || c || '单元', 1, c, 'bk-bench-' || b, 2, 213, '/bn-' || b || '-' || c || '/'
      FROM generate_series(1, \${books}) b, generate_series(1, \${chapters}) c\`);
    await q(\`INSERT INTO lesson_nodes (id, kind, parent_id, name, level, sort, book_id, stage, subject_code, path)
      SELECT 'bn-' || b || '-' || c || '-' || s, 'chapter', 'bn-' || b || '-' || c, c || '.' || s || ' 压测课文', 2, s, 'bk-bench-' || b, 2, 213,
        '/bn-' || b || '-' || c || '/bn-' || b || '-' || c || '-' || s || '/'
      FROM generate_series(1, \${books}) b, generate_series(1, \${chapters}) c, generate_series(1, \${sections}) s\`);
    const now = started;
    const day = 86400000;
    await q(\`INSERT INTO activities (id, name, org_id, activity_system, status, sign_up_start_at, sign_up_end_at, upload_start_at, upload_end_at,
      audit_start_at, audit_end_at, review_levels, package_template, rules, video_rules, published_at, created_at, updated_at)
      VALUES ('act-bench', '压测活动', '330100000000', 1, 1, \${now - day}, \${now + 30 * day}, \${now - day}, \${now + 40 * day},
      \${now + 41 * day}, \${now + 50 * day}, '[1,2,3]', '[{"item":1,"required":true,"fileCategories":[2],"maxFiles":1}]',
      '{"nodesPerTeacher":1,"teachersPerNode":3,"allowFormatWarnings":false}', '{}', \${now}, \${now}, \${now})\`);
    await q(\`INSERT INTO activity_scopes (activity_id, stage, subject_code, edition_id, book_id, sort)
      SELECT 'act-bench', 2, 213, 'ed-tongbian', 'bk-bench-' || b, b FROM generate_series(1, \${books}) b\`);
    await q(\`INSERT INTO users (id, username, display_name, identity_code, org_id, password_hash, created_at)
      SELECT 'bt-' || i, 'bench' || i, '压测教师' || i, 5, '330102001001', 'x', \${now} FROM generate_series(1, \${signUps}) i\`);
    await q(\`INSERT INTO activity_sign_ups (id, activity_id, user_id, real_name, school_id, district_id, stage, subject_code, created_at, updated_at)
      SELECT 'bs-' || i, 'act-bench', 'bt-' || i, '压测教师' || i, '330102001001', '330102000000', 2, 213, \${now}, \${now} FROM generate_series(1, \${signUps}) i\`);
    // Teacher i holds leaf k = (i - 1) % leaves, book by book: the leaves fill up three deep in turn.
    const leaves = books * chapters * sections;
    await q(\`INSERT INTO activity_sign_up_nodes (id, sign_up_id, activity_id, user_id, node_id, created_at)
      SELECT 'bsn-' || i, 'bs-' || i, 'act-bench', 'bt-' || i,
        'bn-' || (k / (\${chapters} * \${sections}) + 1) || '-' || ((k % (\${chapters} * \${sections})) / \${sections} + 1) || '-' || (k % \${sections} + 1), \${now}
      FROM (SELECT i, (i - 1) % \${leaves} AS k FROM generate_series(1, \${signUps}) i) t\`);
    await q(\`INSERT INTO activity_node_occupancy (activity_id, node_id, taken)
      SELECT activity_id, node_id, count(*) FROM activity_sign_up_nodes WHERE activity_id = 'act-bench' GROUP BY activity_id, node_id\`);
    await q(\`INSERT INTO activity_sign_ups (id, activity_id, user_id, real_name, school_id, district_id, stage, subject_code, created_at, updated_at)
      VALUES ('bs-demo', 'act-bench', '100000000000000001', '王晓明', '330102001001', '330102000000', 2, 213, \${now}, \${now})\`);
    if (review) await seedReview(q, now);
    const total = await db.orm.execute(sql\`SELECT count(*)::int AS n FROM lesson_nodes WHERE book_id LIKE 'bk-bench-%'\`);
    const first = await db.orm.execute(sql\`SELECT count(*)::int AS n FROM lesson_nodes WHERE book_id = 'bk-bench-1'\`);
    return { activityId: 'act-bench', bookId: 'bk-bench-1', books, nodes: (total.rows ?? total)[0].n, bookNodes: (first.rows ?? first)[0].n, signUps, ms: Date.now() - started };
  } finally {
    await db.close();
  }
}
async function seedReview(q, now) {
  const hour = 3600000;
  await q(\`INSERT INTO activity_works (id, activity_id, sign_up_id, sign_up_node_id, node_id, user_id, school_id, title, submit_status, review_state,
      review_level, stage, subject_code, district_id, book_id, submitted_at, reviewed_at, created_at, updated_at)
    SELECT 'bw-' || i, 'act-bench', n.sign_up_id, n.id, n.node_id, n.user_id, '330102001001', '压测作品 ' || i,
      CASE WHEN i % 10 = 0 THEN 0 ELSE 1 END,
      (ARRAY[0, 1, 1, 1, 2, 3, 3, 4, 5, 1])[i % 10 + 1],
      (ARRAY[NULL, 1, 2, 3, 1, 3, 3, 2, 3, 1])[i % 10 + 1],
      2, 213, '330102000000', (SELECT book_id FROM lesson_nodes WHERE id = n.node_id),
      CASE WHEN i % 10 = 0 THEN NULL ELSE \${now} - (i % 240) * \${hour} END,
      CASE WHEN i % 10 IN (4, 5, 6, 7, 8) THEN \${now} - (i % 120) * \${hour} END, \${now}, \${now}
    FROM (SELECT substr(id, 5)::int AS i, * FROM activity_sign_up_nodes WHERE activity_id = 'act-bench' AND id LIKE 'bsn-%') n\`);
  // The three reviewers whose decisions are below, and the demo \`reviewer\` (a district's person, not of
  // the works' school) at district and city level, whose list the review-fairness bench reads.
  await q(\`INSERT INTO activity_audit_persons (id, activity_id, level, user_id, org_id, stage, subject_code, created_at) VALUES
    ('bap-1', 'act-bench', 1, 'bt-1', '330102001001', 2, 213, \${now}), ('bap-2', 'act-bench', 2, 'bt-2', '330102000000', 2, 213, \${now}),
    ('bap-3', 'act-bench', 3, 'bt-3', '330100000000', 2, 213, \${now}),
    ('bap-rv-2', 'act-bench', 2, '100000000000000010', '330102000000', 2, 213, \${now}), ('bap-rv-3', 'act-bench', 3, '100000000000000010', '330100000000', 2, 213, \${now})\`);
  // Each decided work: the school's decision, and for works past level 1 the district's and the city's.
  for (const level of [1, 2, 3]) {
    await q(\`INSERT INTO activity_work_audits (id, work_id, activity_id, level, round, work_version, reviewer_id, decision, score, opinion, counted, created_at)
      SELECT 'ba-' || \${level} || '-' || w.id, w.id, w.activity_id, \${level}, 1, 1, 'bt-' || \${level},
        CASE WHEN w.review_level = \${level} AND w.review_state = 2 THEN 2 WHEN w.review_level = \${level} AND w.review_state = 4 THEN 3
             WHEN w.review_level = \${level} AND w.review_state = 5 THEN 4 ELSE 1 END,
        80, '', true, w.submitted_at + \${level} * \${hour}
      FROM activity_works w WHERE w.activity_id = 'act-bench' AND w.submit_status = 1
        AND (w.review_level > \${level} OR (w.review_level = \${level} AND w.review_state IN (2, 3, 4, 5)))\`);
  }
  for (const size of [5000, 10000]) {
    const id = 'act-bench-' + size;
    await q(\`INSERT INTO activities (id, name, org_id, activity_system, status, sign_up_start_at, sign_up_end_at, upload_start_at, upload_end_at,
        audit_start_at, audit_end_at, review_levels, package_template, rules, video_rules, published_at, created_at, updated_at)
      SELECT '\${id}', name || ' \${size}', org_id, activity_system, status, sign_up_start_at, sign_up_end_at, upload_start_at, upload_end_at,
        audit_start_at, audit_end_at, review_levels, package_template, rules, video_rules, published_at, created_at, updated_at FROM activities WHERE id = 'act-bench'\`);
    await q(\`INSERT INTO activity_scopes (activity_id, stage, subject_code, edition_id, book_id, sort)
      SELECT '\${id}', stage, subject_code, edition_id, book_id, sort FROM activity_scopes WHERE activity_id = 'act-bench'\`);
    await q(\`INSERT INTO activity_sign_ups (id, activity_id, user_id, real_name, school_id, district_id, stage, subject_code, created_at, updated_at)
      SELECT id || '-\${size}', '\${id}', user_id, real_name, school_id, district_id, stage, subject_code, created_at, updated_at
      FROM activity_sign_ups WHERE activity_id = 'act-bench' AND id LIKE 'bs-%' AND id <> 'bs-demo' AND substr(id, 4)::int <= \${size}\`);
    await q(\`INSERT INTO activity_sign_up_nodes (id, sign_up_id, activity_id, user_id, node_id, created_at)
      SELECT id || '-\${size}', sign_up_id || '-\${size}', '\${id}', user_id, node_id, created_at
      FROM activity_sign_up_nodes WHERE activity_id = 'act-bench' AND id LIKE 'bsn-%' AND substr(id, 5)::int <= \${size}\`);
    await q(\`INSERT INTO activity_works (id, activity_id, sign_up_id, sign_up_node_id, node_id, user_id, school_id, title, submit_status, review_state,
        review_level, stage, subject_code, district_id, book_id, submitted_at, reviewed_at, created_at, updated_at)
      SELECT id || '-\${size}', '\${id}', sign_up_id || '-\${size}', sign_up_node_id || '-\${size}', node_id, user_id, school_id, title, submit_status, review_state,
        review_level, stage, subject_code, district_id, book_id, submitted_at, reviewed_at, created_at, updated_at
      FROM activity_works WHERE activity_id = 'act-bench' AND substr(id, 4)::int <= \${size}\`);
  }
}`;
const outfile = join(root, 'bench', `.seed-activity-${process.pid}.mjs`);
try {
  await build({
    stdin: { contents: entry, resolveDir: server, loader: 'ts', sourcefile: 'bench-seed-activity.ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'error',
  });
  const { seed } = await import(pathToFileURL(outfile).href);
  process.env.MIGRATIONS_DIR ||= join(server, 'migrations');
  console.log(JSON.stringify(await seed(dataDir, process.env.DATABASE_URL, process.env.DEMO_PASSWORD || 'Ds@123456', nodes, signUps, books, process.env.BENCH_REVIEW === '1')));
} finally {
  rmSync(outfile, { force: true });
}
