import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Subjects } from '@dscloud/sdk/codes';
import { describe, expect, it } from 'vitest';
import carousel from './carousel.json' with { type: 'json' };
import { curriculum, specialSubjects } from './catalogue.js';
import { DEFAULT_LESSON_COUNT, generateLessons } from './lessons.js';
import { LESSON_VIDEOS, MOOV_AT_END_VIDEO, SEED_MEDIA } from './media.js';
import { SEED_SCHOOLS, SEED_TEACHERS } from './people.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const NOW = Date.parse('2025-03-12T02:30:00Z'); // 10:30 in China, a Wednesday
const DAY = 86_400_000;
const CHINA = 8 * 3_600_000;
const chinaDay = (ms: number) => Math.floor((ms + CHINA) / DAY);

describe('generateLessons', () => {
  it('is deterministic: the same seed and reference time give the same lessons', () => {
    const a = generateLessons({ count: 240, now: NOW, seed: 42 });
    const b = generateLessons({ count: 240, now: new Date(NOW), seed: 42 });
    expect(b).toEqual(a);
    expect(JSON.stringify(generateLessons({ now: NOW, seed: 'demo' }))).toBe(
      JSON.stringify(generateLessons({ now: NOW, seed: 'demo' })),
    );
    expect(generateLessons({ count: 240, now: NOW, seed: 43 })).not.toEqual(a);
  });

  it('gives the same lessons on any day: only their times move with the reference time', () => {
    const what = (lessons: ReturnType<typeof generateLessons>) =>
      lessons.map((l) => [l.lessonId, l.title, l.kind, l.subjectCode, l.grade, l.bookId, l.chapterId, l.teacherId, l.published, l.excellent]);
    const today = what(generateLessons({ now: NOW }));
    // Every hour over two weeks: the live lessons' states (upcoming, on air, over) change, the catalogue does not.
    for (let hour = 1; hour <= 14 * 24; hour += 7) expect(what(generateLessons({ now: NOW + hour * 3_600_000 }))).toEqual(today);
  });

  it('makes 240 lessons by default with unique ids', () => {
    const lessons = generateLessons({ now: NOW });
    expect(lessons).toHaveLength(DEFAULT_LESSON_COUNT);
    expect(new Set(lessons.map((l) => l.lessonId)).size).toBe(lessons.length);
    expect(generateLessons({ count: 0, now: NOW })).toEqual([]);
  });

  it('points every lesson at an existing curriculum node, teacher, topic and media file', () => {
    const chapters = new Map(curriculum.chapters.map((c) => [c.id, c]));
    const books = new Map(curriculum.books.map((b) => [b.id, b]));
    const kps = new Map(curriculum.knowledgePoints.map((k) => [k.id, k]));
    const topics = new Set(specialSubjects.map((s) => s.id));
    for (const l of generateLessons({ now: NOW, seed: 7 })) {
      const chapter = chapters.get(l.chapterId);
      expect(chapter, l.lessonId).toBeDefined();
      expect(chapter!.bookId).toBe(l.bookId);
      const book = books.get(l.bookId)!;
      expect([book.subjectCode, book.grade, book.editionId, book.stage]).toEqual([l.subjectCode, l.grade, l.editionId, l.stage]);
      expect(l.chapterPath.at(-1)).toBe(chapter!.name);
      if (l.knowledgePointId) expect(kps.get(l.knowledgePointId)?.subjectCode).toBe(l.subjectCode);
      // Codes are those of the SDK's tables.
      expect(Subjects.valueOf(l.subjectCode).stage).toBe(l.stage);
      expect(Subjects.valueOf(l.subjectCode).label).toBe(l.subjectName);
      const teacher = SEED_TEACHERS.find((t) => t.teacherId === l.teacherId)!;
      expect(teacher.subjectCode).toBe(l.subjectCode);
      expect(SEED_SCHOOLS.find((s) => s.schoolId === l.schoolId)?.stages).toContain(l.stage);
      for (const id of l.specialSubjectIds) expect(topics.has(id)).toBe(true);
      const video = LESSON_VIDEOS.find((v) => v.video === l.videoFile)!;
      expect([l.coverFile, l.captionFile]).toEqual([video.cover, video.captions]);
      for (const file of [l.coverFile, l.videoFile, l.captionFile]) expect(existsSync(join(here, 'lesson-videos', file)), file).toBe(true);
      expect(l.title.length).toBeGreaterThan(3);
      if (!l.published) expect([l.publishTime, l.excellent, l.downloadCount]).toEqual([null, false, 0]);
    }
  });

  it('spreads live lessons around now: past, today (one on air) and the next 14 days', () => {
    const lessons = generateLessons({ now: NOW, seed: 11 });
    const live = lessons.filter((l) => l.kind === 'live');
    expect(live.length).toBeGreaterThan(40);
    const starts = live.map((l) => Date.parse(l.liveStartTime!));
    for (const l of live) {
      const start = Date.parse(l.liveStartTime!);
      const end = Date.parse(l.liveEndTime!);
      expect(end).toBeGreaterThan(start);
      expect(start).toBeGreaterThan(NOW - 31 * DAY);
      expect(start).toBeLessThan(NOW + 15 * DAY);
      expect(l.liveState).toBe(NOW < start ? 'upcoming' : NOW < end ? 'living' : 'ended');
    }
    expect(starts.filter((s) => chinaDay(s) < chinaDay(NOW)).length).toBeGreaterThan(10);
    expect(starts.filter((s) => chinaDay(s) === chinaDay(NOW)).length).toBeGreaterThan(5);
    expect(starts.filter((s) => chinaDay(s) > chinaDay(NOW)).length).toBeGreaterThan(10);
    expect(live.some((l) => l.liveState === 'living')).toBe(true);
    for (const l of lessons.filter((x) => x.kind === 'onDemand')) expect(l.liveStartTime).toBeNull();
    // Roughly 15 % excellent, most published.
    const excellent = lessons.filter((l) => l.excellent).length / lessons.length;
    expect(excellent).toBeGreaterThan(0.08);
    expect(excellent).toBeLessThan(0.25);
    expect(lessons.filter((l) => l.published).length / lessons.length).toBeGreaterThan(0.75);
  });
});

describe('curriculum.json', () => {
  it('has unique ids and parents that exist', () => {
    const ids = [...curriculum.books, ...curriculum.chapters, ...curriculum.knowledgePoints].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    const chapterIds = new Set(curriculum.chapters.map((c) => c.id));
    for (const c of curriculum.chapters) if (c.parentId) expect(chapterIds.has(c.parentId)).toBe(true);
    const kpIds = new Set(curriculum.knowledgePoints.map((k) => k.id));
    for (const k of curriculum.knowledgePoints) if (k.parentId) expect(kpIds.has(k.parentId)).toBe(true);
  });

  it('covers primary 语文 and 数学, grades 1–6, 上册 and 下册', () => {
    for (const code of [213, 214]) {
      const books = curriculum.books.filter((b) => b.subjectCode === code);
      expect(books.map((b) => `${b.grade}-${b.term}`).sort()).toEqual(
        [1, 2, 3, 4, 5, 6].flatMap((g) => [`${g}-1`, `${g}-2`]),
      );
    }
  });
});

/** Top-level MP4 box types in file order. */
function topLevelBoxes(file: string): string[] {
  const buf = readFileSync(file);
  const types: string[] = [];
  for (let at = 0; at + 8 <= buf.length; ) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8));
    if (size === 0) size = buf.length - at;
    types.push(type);
    at += size;
  }
  return types;
}

/** Width and height from a JPEG's SOF marker. */
function jpegSize(file: string): [number, number] {
  const buf = readFileSync(file);
  for (let at = 2; at < buf.length; ) {
    const marker = buf[at + 1]!;
    const len = buf.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return [buf.readUInt16BE(at + 7), buf.readUInt16BE(at + 5)];
    at += 2 + len;
  }
  throw new Error(`no SOF in ${file}`);
}

describe('media and banners', () => {
  it('has three faststart clips and one with moov after mdat', () => {
    for (const clip of Object.values(SEED_MEDIA)) {
      const file = join(here, 'media', clip.video);
      const boxes = topLevelBoxes(file);
      expect(boxes[0]).toBe('ftyp');
      const moovFirst = boxes.indexOf('moov') < boxes.indexOf('mdat');
      expect(moovFirst, clip.video).toBe(clip.faststart);
      expect(statSync(file).size).toBeLessThan(620 * 1024);
      expect(jpegSize(join(here, 'media', clip.cover))).toEqual([640, 360]);
      expect(readFileSync(join(here, 'media', clip.captions), 'utf8')).toMatch(/^WEBVTT/);
    }
    expect(Object.values(SEED_MEDIA).filter((c) => !c.faststart).map((c) => c.video)).toEqual([MOOV_AT_END_VIDEO]);
  });

  it('has seven 1920x430 carousel slides, management only for logged-in non-students', () => {
    expect(carousel.slides).toHaveLength(7);
    for (const slide of carousel.slides) {
      const file = join(here, 'banners', slide.image);
      expect(jpegSize(file)).toEqual([1920, 430]);
      expect(statSync(file).size).toBeLessThan(120 * 1024);
    }
    const restricted = carousel.slides.filter((s) => s.visibility !== 'all');
    expect(restricted.map((s) => [s.key, s.visibility])).toEqual([['management', 'loggedInNotStudent']]);
  });
});
