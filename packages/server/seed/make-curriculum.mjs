// Builds curriculum.json: editions, textbooks, chapter trees and knowledge-point trees of the
// demo bureau's cloud-lesson catalogue, from the outlines in ./outlines:
//   catalogue.json          editions, subjects, and the order of the books
//   books/{subject}-{grade}{a|b}.txt   a textbook's chapter outline (a = 上册, b = 下册)
//   knowledge/{subject}.txt            a subject's knowledge-point outline
// Outlines are indented text (two spaces a level), turned into flat node lists with stable ids
// derived from the position:
//   book      bk-{subject}-{grade}{a|b}             e.g. bk-214-1a = 数学 一年级上册
//   chapter   {bookId}-{unit}[-{lesson}[-{part}]]   e.g. bk-214-1a-03-02
//   knowledge kp-{subject}-{n}[-{n}[-{n}]]         e.g. kp-214-01-02-03
// Ids only change if an outline line is inserted before others; append to keep them stable.
//
// Usage: node packages/server/seed/make-curriculum.mjs   (writes curriculum.json beside it)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outlines = join(here, 'outlines');
const read = (...parts) => readFileSync(join(outlines, ...parts), 'utf8');

const GRADE_NAMES = ['', '一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级'];
const TERM_NAMES = { a: '上册', b: '下册' };

const { editions, subjects, bookOrder } = JSON.parse(read('catalogue.json'));
const bookFiles = readdirSync(join(outlines, 'books')).map((f) => f.replace(/\.txt$/, ''));
const unlisted = bookFiles.filter((key) => !bookOrder.includes(key));
if (unlisted.length) throw new Error(`books missing from catalogue.json bookOrder: ${unlisted.join(', ')}`);
const knowledgeCodes = readdirSync(join(outlines, 'knowledge'))
  .map((f) => Number(f.replace(/\.txt$/, '')))
  .sort((a, b) => a - b);

/** Parses an indented outline into [{ path: number[], name }], depth-first. */
function parseOutline(text) {
  const counters = [];
  const out = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    const indent = raw.length - raw.trimStart().length;
    if (indent % 2) throw new Error(`odd indent: ${raw}`);
    const level = indent / 2;
    if (level > counters.length) throw new Error(`indent jumps a level: ${raw}`);
    counters.length = level + 1;
    counters[level] = (counters[level] ?? 0) + 1;
    out.push({ path: counters.slice(0, level + 1), name: raw.trim() });
  }
  return out;
}

const pad = (n) => String(n).padStart(2, '0');

function flatten(prefix, outline, extra) {
  return parseOutline(outline).map(({ path, name }) => ({
    id: `${prefix}-${path.map(pad).join('-')}`,
    parentId: path.length > 1 ? `${prefix}-${path.slice(0, -1).map(pad).join('-')}` : null,
    name,
    level: path.length,
    sort: path[path.length - 1],
    ...extra,
  }));
}

const subjectOf = (code) => {
  const subject = subjects.find((s) => s.subjectCode === code);
  if (!subject) throw new Error(`subject ${code} is not in catalogue.json`);
  return subject;
};

const bookRows = [];
const chapterRows = [];
for (const [index, key] of bookOrder.entries()) {
  const [code, gt] = key.split('-');
  const subject = subjectOf(Number(code));
  const grade = Number(gt.slice(0, -1));
  const term = gt.slice(-1);
  const id = `bk-${key}`;
  bookRows.push({
    id,
    editionId: subject.editionId,
    stage: subject.stage,
    subjectCode: subject.subjectCode,
    grade,
    gradeName: GRADE_NAMES[grade],
    term: term === 'a' ? 1 : 2,
    termName: TERM_NAMES[term],
    name: `${subject.name} ${GRADE_NAMES[grade]}${TERM_NAMES[term]}`,
    sort: index + 1,
  });
  chapterRows.push(...flatten(id, read('books', `${key}.txt`), { bookId: id }));
}

const knowledgeRows = knowledgeCodes.flatMap((code) => {
  const subject = subjectOf(code);
  return flatten(`kp-${code}`, read('knowledge', `${code}.txt`), { stage: subject.stage, subjectCode: subject.subjectCode });
});

// Ids must be unique across the file.
const seen = new Set();
for (const row of [...bookRows, ...chapterRows, ...knowledgeRows]) {
  if (seen.has(row.id)) throw new Error(`duplicate id ${row.id}`);
  seen.add(row.id);
}

const curriculum = {
  version: 1,
  description: '云校演示数据：教材版本、册次、章节目录与知识点（演示用，由平台团队编写）',
  editions,
  subjects,
  books: bookRows,
  chapters: chapterRows,
  knowledgePoints: knowledgeRows,
};

const file = join(here, 'curriculum.json');
writeFileSync(file, JSON.stringify(curriculum, null, 1) + '\n');
console.log(
  `${file}: ${bookRows.length} books, ${chapterRows.length} chapter nodes, ${knowledgeRows.length} knowledge points`,
);
