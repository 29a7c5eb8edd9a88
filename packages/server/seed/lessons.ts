/**
 * Demo cloud lessons for the bureau's catalogue: a pure, deterministic generator.
 *
 * `generateLessons({ count, now, seed })` spreads lessons over the stages, subjects, grades, editions,
 * books and chapter nodes of `curriculum.json`, with teachers and schools of one city bureau, live and
 * on-demand kinds, live times around `now` (past, today, the next 14 days), publish status, the
 * excellent flag, download counts, special subjects, and cover/video/caption files from `lesson-videos/`.
 * Lessons are filed only under the chapter nodes that have a demo video, so each lesson's video is about
 * its title (the poem, the problem, the dialogue of that node), taught by the teacher on its title card.
 * The same seed, count and `now` always give the same lessons. No database or file access here.
 */
import type { CurriculumLabels, LiveState } from '@dscloud/sdk/lessons';
import { curriculum, specialSubjects, type Curriculum, type CurriculumBook, type CurriculumChapter, type CurriculumKnowledgePoint, type CurriculumSubject } from './catalogue.js';
import { DEMO_TEACHER_INFO_ID, lessonVideoFor } from './media.js';
import { SEED_BUREAU, SEED_SCHOOLS, SEED_TEACHERS, type SeedTeacher } from './people.js';

// ------------------------------------------------------------------ lesson type

export type LessonKind = 'live' | 'onDemand';
/** Where a live lesson stands at `now` (the SDK's shape): not started, on air, or over (a replay is available). */
export type { LiveState };

export interface SeedLesson extends CurriculumLabels {
  lessonId: string;
  title: string;
  kind: LessonKind;
  /** 课型: 新授课, 练习课, 复习课 … */
  lessonType: string;
  editionId: string;
  editionName: string;
  bookId: string;
  bookName: string;
  /** The chapter node the lesson belongs to. */
  chapterId: string;
  /** Names from the unit down to the chapter node. */
  chapterPath: string[];
  /** A knowledge point of the same subject, or null. */
  knowledgePointId: string | null;
  teacherId: string;
  teacherName: string;
  schoolId: string;
  schoolName: string;
  bureauId: string;
  bureauName: string;
  /** ISO-8601 UTC; null for on-demand lessons. */
  liveStartTime: string | null;
  liveEndTime: string | null;
  liveState: LiveState | null;
  /** Minutes of the class period (live) or of the recorded lesson (on demand). */
  durationMinutes: number;
  published: boolean;
  publishTime: string | null;
  createTime: string;
  excellent: boolean;
  downloadCount: number;
  viewCount: number;
  /** File names in `lesson-videos/`. */
  coverFile: string;
  videoFile: string;
  captionFile: string;
  /** The language of the video's narration and captions. */
  captionLang: 'zh' | 'en';
  videoSeconds: number;
  /** The video's title card names the demo teacher account (王晓明): the demo seed gives it the lesson. */
  demoTeacherVideo: boolean;
  specialSubjectIds: string[];
}

export interface GenerateLessonsOptions {
  /** How many lessons; default 240. */
  count?: number;
  /** Reference time the live schedule is spread around; default the current time. */
  now?: Date | number | string;
  /** PRNG seed; the same seed (with the same count and now) gives the same lessons. */
  seed?: number | string;
  /** Curriculum to draw from; default the committed `curriculum.json`. */
  curriculum?: Curriculum;
}

export const DEFAULT_LESSON_COUNT = 240;
/** Any seed gives a valid catalogue; this one gives the demo teacher over a page of lessons (seed/lessonVideos.test.ts). */
export const DEFAULT_SEED = 20251125;

// ------------------------------------------------------------------ PRNG

/** A seeded PRNG (mulberry32) returning floats in [0, 1). Strings are hashed first (FNV-1a). */
export function createRng(seed: number | string): () => number {
  let a: number;
  if (typeof seed === 'string') {
    a = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) a = Math.imul(a ^ seed.charCodeAt(i), 0x01000193);
  } else {
    a = Math.floor(seed);
  }
  a >>>= 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  chance(p: number): boolean;
}

function random(seed: number | string): Random {
  const next = createRng(seed);
  const r: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let x = next() * total;
      for (const [item, w] of items) {
        if ((x -= w) < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    chance: (p) => next() < p,
  };
  return r;
}

// ------------------------------------------------------------------ titles

const STAGE_NAMES: Record<number, string> = { 1: '幼儿园', 2: '小学', 3: '初中', 4: '高中', 9: '其他' };

/** "12 古诗二首" → "古诗二首", "1.1 正数和负数" → "正数和负数", "第1节 温度" → "温度". */
function bareName(name: string): string {
  return name
    .replace(/^第\d+节\s+/, '')
    .replace(/^\d+(\.\d+)?\s+/, '')
    .trim();
}

function chineseLessonTitle(node: CurriculumChapter, unit: CurriculumChapter, isUnit: boolean, r: Random): [string, string] {
  const name = bareName(node.name);
  if (isUnit) {
    const type = r.pick(['单元整体教学', '单元复习课', '单元导读课']);
    return [`${node.name} · ${type}`, type === '单元复习课' ? '复习课' : '新授课'];
  }
  if (/^习作/.test(name)) return [`${name} · 习作指导课`, '习作课'];
  if (/^口语交际/.test(name)) return [`${name} · 口语交际课`, '口语交际课'];
  if (/^(语文园地|快乐读书吧|综合性学习|名著导读)/.test(name)) return [`${name} · ${r.pick(['综合实践课', '复习课'])}`, '复习课'];
  if (/^识字\d/.test(name)) return [`${name}（第${r.int(1, 2)}课时）· 识字课`, '识字课'];
  if (unit.name.includes('汉语拼音')) return [`汉语拼音 ${name}（第${r.int(1, 2)}课时）· 拼音教学`, '新授课'];
  const period = r.int(1, 2);
  const type = period === 1 ? r.pick(['新授课', '精读课', '朗读指导课']) : r.pick(['精读课', '练习课', '拓展阅读课']);
  return [`《${name}》第${period}课时 · ${type}`, type];
}

function mathLessonTitle(node: CurriculumChapter, isUnit: boolean, r: Random): [string, string] {
  const name = bareName(node.name);
  if (isUnit || /^(总复习|整理和复习)$/.test(name)) {
    if (/复习/.test(name)) return [`${name} · 复习课`, '复习课'];
    const type = r.pick(['整理和复习', '单元起始课', '单元复习课']);
    return [`${name} · ${type}`, type === '单元起始课' ? '新授课' : '复习课'];
  }
  const type = r.weighted([
    ['新授课', 6],
    ['练习课', 3],
    ['习题讲评课', 1],
    ['复习课', 1],
  ] as const);
  return r.chance(0.35) ? [`${name}（第${r.int(2, 3)}课时）· ${type}`, type] : [`${name} · ${type}`, type];
}

function englishLessonTitle(node: CurriculumChapter, unit: CurriculumChapter, isUnit: boolean, r: Random): [string, string] {
  if (isUnit) return [`${node.name} · Revision 单元复习`, '复习课'];
  if (node.name === 'Section A') {
    const part = r.pick(['1a–1c', '2a–2d', 'Grammar Focus–3c']);
    const type = part === 'Grammar Focus–3c' ? '语法课' : '听说课';
    return [`${unit.name} Section A (${part}) · ${type}`, type];
  }
  if (node.name === 'Section B') {
    const part = r.pick(['1a–1e', '2a–2c', '3a–Self Check']);
    const type = part === '2a–2c' ? '阅读课' : part === '1a–1e' ? '听说课' : '写作课';
    return [`${unit.name} Section B (${part}) · ${type}`, type];
  }
  return [`${node.name} · 听说课`, '听说课'];
}

function physicsLessonTitle(node: CurriculumChapter, isUnit: boolean, r: Random): [string, string] {
  const name = bareName(node.name);
  if (isUnit) return [`${name} · 章末复习`, '复习课'];
  const type = r.weighted([
    ['新授课', 5],
    ['实验探究课', 3],
    ['习题课', 2],
  ] as const);
  return [`${name} · ${type}`, type];
}

// ------------------------------------------------------------------ generator

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Lessons follow the school day in China (UTC+8, no daylight saving). */
const CHINA_OFFSET = 8 * HOUR;
/** Class period starts (minutes after local midnight): four mornings, three afternoons, one evening. */
const PERIOD_STARTS = [8 * 60, 8 * 60 + 55, 9 * 60 + 50, 10 * 60 + 45, 14 * 60, 14 * 60 + 55, 15 * 60 + 50, 19 * 60];

function toTime(now: GenerateLessonsOptions['now']): number {
  if (now === undefined) return Date.now();
  const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(ms)) throw new Error(`invalid reference time: ${String(now)}`);
  return ms;
}

const iso = (ms: number) => new Date(ms).toISOString();

interface SubjectPlan {
  subject: CurriculumSubject;
  weight: number;
  books: CurriculumBook[];
  teachers: SeedTeacher[];
}

/** Generates `count` demo lessons. Pure: the result depends only on the options. */
export function generateLessons(options: GenerateLessonsOptions = {}): SeedLesson[] {
  const count = options.count ?? DEFAULT_LESSON_COUNT;
  if (!Number.isInteger(count) || count < 0) throw new Error(`invalid lesson count: ${count}`);
  const now = toTime(options.now);
  const cur = options.curriculum ?? curriculum;
  const r = random(options.seed ?? DEFAULT_SEED);

  const editions = new Map(cur.editions.map((e) => [e.id, e]));
  const chapters = new Map(cur.chapters.map((c) => [c.id, c]));
  const childCount = new Map<string, number>();
  for (const c of cur.chapters) if (c.parentId) childCount.set(c.parentId, (childCount.get(c.parentId) ?? 0) + 1);
  const chaptersByBook = new Map<string, CurriculumChapter[]>();
  for (const c of cur.chapters) {
    const list = chaptersByBook.get(c.bookId) ?? [];
    list.push(c);
    chaptersByBook.set(c.bookId, list);
  }
  // Lessons are tagged with leaf knowledge points only.
  const kpParents = new Set(cur.knowledgePoints.map((k) => k.parentId).filter((id): id is string => id !== null));
  const knowledgeBySubject = new Map<number, CurriculumKnowledgePoint[]>();
  for (const k of cur.knowledgePoints) {
    if (kpParents.has(k.id)) continue;
    const list = knowledgeBySubject.get(k.subjectCode) ?? [];
    list.push(k);
    knowledgeBySubject.set(k.subjectCode, list);
  }

  // Primary Chinese and maths carry most of the catalogue, as in a real bureau.
  const plans: SubjectPlan[] = cur.subjects
    .map((subject) => ({
      subject,
      weight: subject.stage === 2 ? 5 : 1.5,
      books: cur.books.filter((b) => b.subjectCode === subject.subjectCode),
      teachers: SEED_TEACHERS.filter((te) => te.subjectCode === subject.subjectCode),
    }))
    .filter((p) => p.books.length > 0);
  if (plans.length === 0) throw new Error('the curriculum has no books');

  const todayStart = Math.floor((now + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET;
  const lessons: SeedLesson[] = [];
  let liveIndex = 0;

  for (let i = 0; i < count; i++) {
    const plan = r.weighted(plans.map((p) => [p, p.weight] as const));
    const { subject } = plan;
    const book = r.pick(plan.books);
    const edition = editions.get(book.editionId);
    const nodes = chaptersByBook.get(book.id) ?? [];
    if (nodes.length === 0) throw new Error(`book ${book.id} has no chapters`);
    // The nodes of the book that have a demo video; a curriculum without any (tests) uses its leaves.
    const filmed = nodes.filter((n) => lessonVideoFor(n.id));
    const leaves = nodes.filter((n) => !childCount.has(n.id));
    const node = r.pick(filmed.length > 0 ? filmed : leaves.length > 0 ? leaves : nodes);
    const video = lessonVideoFor(node.id);

    const path: CurriculumChapter[] = [];
    for (let n: CurriculumChapter | undefined = node; n; n = n.parentId ? chapters.get(n.parentId) : undefined) path.unshift(n);
    const unit = path[0]!;
    const isUnit = node.level === 1 && childCount.has(node.id);

    const [title, lessonType] =
      subject.subjectCode % 100 === 13
        ? chineseLessonTitle(node, unit, isUnit, r)
        : subject.subjectCode % 100 === 14
          ? mathLessonTitle(node, isUnit, r)
          : subject.subjectCode % 100 === 41
            ? englishLessonTitle(node, unit, isUnit, r)
            : physicsLessonTitle(node, isUnit, r);

    const pool = plan.teachers.length > 0 ? plan.teachers : SEED_TEACHERS;
    const filmedBy = SEED_TEACHERS.find((te) => te.teacherId === video?.teacherId);
    // The video's own teacher; a video of the demo account is listed under a seed teacher until the demo seed hands it over.
    const teacher = filmedBy ?? r.pick(pool);
    const school = SEED_SCHOOLS.find((s) => s.schoolId === teacher.schoolId)!;
    const kps = knowledgeBySubject.get(subject.subjectCode) ?? [];
    const knowledgePointId = kps.length > 0 && r.chance(0.8) ? r.pick(kps).id : null;

    const kind: LessonKind = r.chance(0.35) ? 'live' : 'onDemand';
    const published = r.chance(0.88);
    let liveStart: number | null = null;
    let liveEnd: number | null = null;
    let liveState: LiveState | null = null;
    let durationMinutes: number;
    let createTime: number;
    let publishTime: number | null;

    if (kind === 'live') {
      // Cycle the live lessons over past (4 in 10), today (2 in 10) and the next 14 days (4 in 10).
      const slot = liveIndex++ % 10;
      durationMinutes = subject.stage === 2 ? 40 : 45;
      if (slot === 4 && liveIndex <= 10) {
        // The first "today" lesson is on air at `now`, so the schedule always shows one live class.
        liveStart = now - 15 * MINUTE;
      } else {
        const dayOffset = slot < 4 ? -r.int(1, 30) : slot < 6 ? 0 : r.int(1, 14);
        liveStart = todayStart + dayOffset * DAY + r.pick(PERIOD_STARTS) * MINUTE;
      }
      liveEnd = liveStart + durationMinutes * MINUTE;
      liveState = now < liveStart ? 'upcoming' : now < liveEnd ? 'living' : 'ended';
      createTime = Math.min(liveStart, now) - r.int(2, 10) * DAY - r.int(0, 8) * HOUR;
      publishTime = published ? Math.min(now - r.int(1, 60) * MINUTE, createTime + r.int(1, 48) * HOUR) : null;
    } else {
      durationMinutes = r.int(8, 40);
      createTime = now - r.int(3, 240) * DAY - r.int(0, 23) * HOUR - r.int(0, 59) * MINUTE;
      publishTime = published ? Math.min(now - HOUR, createTime + r.int(1, 72) * HOUR) : null;
    }

    const excellent = published && r.chance(0.18);
    // Downloads follow a long tail; excellent lessons and older ones get more.
    const ageDays = Math.max(0, (now - (publishTime ?? now)) / DAY);
    // The draws are taken whatever the lesson's state at `now`, so the catalogue is the same lessons on any day.
    const [downloadDraw, viewsPerDownload, extraViews] = [r.next(), r.int(3, 12), r.int(5, 80)];
    const reachable = published && liveState !== 'upcoming' && liveState !== 'living';
    const downloadCount = reachable
      ? Math.round(Math.pow(downloadDraw, 2.2) * (excellent ? 900 : 260) * Math.min(1, 0.25 + ageDays / 60))
      : 0;
    const viewCount = published && liveState !== 'upcoming' ? downloadCount * viewsPerDownload + extraViews : 0;

    // Special topics: by chapter keywords, plus a few lessons filed under 安全教育 / 心理健康 by hand.
    const haystack = path.map((n) => n.name).join(' ');
    const specialSubjectIds = specialSubjects.filter((s) => s.keywords.some((k) => haystack.includes(k))).map((s) => s.id);
    if (specialSubjectIds.length === 0 && r.chance(0.05)) specialSubjectIds.push(r.pick(['ss-03', 'ss-04']));

    lessons.push({
      lessonId: `ls-${String(i + 1).padStart(4, '0')}`,
      title,
      kind,
      lessonType,
      stage: subject.stage,
      stageName: STAGE_NAMES[subject.stage] ?? '其他',
      subjectCode: subject.subjectCode,
      subjectName: subject.name,
      grade: book.grade,
      gradeName: book.gradeName,
      editionId: book.editionId,
      editionName: edition?.name ?? '',
      bookId: book.id,
      bookName: book.name,
      chapterId: node.id,
      chapterPath: path.map((n) => n.name),
      knowledgePointId,
      teacherId: teacher.teacherId,
      teacherName: teacher.name,
      schoolId: school.schoolId,
      schoolName: school.schoolName,
      bureauId: SEED_BUREAU.bureauId,
      bureauName: SEED_BUREAU.bureauName,
      liveStartTime: liveStart === null ? null : iso(liveStart),
      liveEndTime: liveEnd === null ? null : iso(liveEnd),
      liveState,
      durationMinutes,
      published,
      publishTime: publishTime === null ? null : iso(publishTime),
      createTime: iso(createTime),
      excellent,
      downloadCount,
      viewCount,
      coverFile: video?.cover ?? '',
      videoFile: video?.video ?? '',
      captionFile: video?.captions ?? '',
      captionLang: video?.captionLang ?? 'zh',
      videoSeconds: video?.durationSeconds ?? 0,
      demoTeacherVideo: video?.teacherId === DEMO_TEACHER_INFO_ID,
      specialSubjectIds,
    });
  }
  return lessons;
}
