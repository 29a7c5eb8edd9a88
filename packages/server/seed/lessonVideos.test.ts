import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import library from './lesson-videos/library.json' with { type: 'json' };
import { curriculum, specialSubjects } from './catalogue.js';
import { generateLessons } from './lessons.js';
import { DEMO_TEACHER_INFO_ID, LESSON_VIDEOS, lessonVideoFor } from './media.js';
import { SEED_TEACHERS } from './people.js';

const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'lesson-videos');
const NOW = Date.parse('2025-03-12T02:30:00Z');
const lessons = generateLessons({ now: NOW });

/** Top-level MP4 box types in file order. */
function topLevelBoxes(buf: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= buf.length; ) {
    const size = buf.readUInt32BE(at);
    types.push(buf.toString('latin1', at + 4, at + 8));
    at += size === 0 ? buf.length : size;
  }
  return types;
}

const seconds = (stamp: string) => stamp.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);

describe('the demo lessons play a video about their own title', () => {
  it('files every lesson under a node with a video, and that video is the lesson’s', () => {
    for (const l of lessons) {
      const video = lessonVideoFor(l.chapterId);
      expect(video, `${l.lessonId} ${l.title}`).toBeDefined();
      expect(l.videoFile).toBe(video!.video);
      // The title names the text, problem or unit the video teaches.
      expect(l.title, l.videoFile).toContain(video!.title);
      if (video!.teacherId !== DEMO_TEACHER_INFO_ID) expect(l.teacherId, l.title).toBe(video!.teacherId);
      expect(l.demoTeacherVideo).toBe(video!.teacherId === DEMO_TEACHER_INFO_ID);
    }
    const spring = lessons.filter((l) => l.title.includes('北京的春节'));
    expect(spring.length).toBeGreaterThan(0);
    for (const l of spring) expect(l.videoFile).toBe('yw6b-beijingdechunjie.mp4');
  });

  it('spreads the lessons over many videos, a few lessons each, and keeps every topic and book in use', () => {
    const perVideo = new Map<string, number>();
    for (const l of lessons) perVideo.set(l.videoFile, (perVideo.get(l.videoFile) ?? 0) + 1);
    expect(perVideo.size).toBeGreaterThanOrEqual(40);
    expect(Math.max(...perVideo.values())).toBeLessThanOrEqual(16);
    for (const topic of specialSubjects) expect(lessons.some((l) => l.specialSubjectIds.includes(topic.id)), topic.name).toBe(true);
    for (const book of curriculum.books) expect(LESSON_VIDEOS.some((v) => v.chapterId.startsWith(`${book.id}-`)), book.id).toBe(true);
    // Enough lessons for the demo teacher account's "my lessons".
    expect(lessons.filter((l) => l.demoTeacherVideo).length).toBeGreaterThanOrEqual(12);
  });

  it('has one made video per library entry, on a real node, with a known teacher', () => {
    expect(LESSON_VIDEOS.map((v) => v.id)).toEqual(library.videos.map((v) => v.id));
    const chapters = new Set(curriculum.chapters.map((c) => c.id));
    const teachers = new Set([...SEED_TEACHERS.map((t) => t.teacherId), DEMO_TEACHER_INFO_ID]);
    for (const v of LESSON_VIDEOS) {
      expect(chapters.has(v.chapterId), v.id).toBe(true);
      expect(teachers.has(v.teacherId), v.id).toBe(true);
    }
  });
});

describe('the lesson video files', () => {
  it('are short faststart MP4s, small, with a cover and captions of the narration', () => {
    let total = 0;
    for (const v of LESSON_VIDEOS) {
      const mp4 = readFileSync(join(dir, v.video));
      total += mp4.length;
      expect(mp4.length, v.video).toBe(v.bytes);
      expect(mp4.length, v.video).toBeLessThanOrEqual(300 * 1024);
      const boxes = topLevelBoxes(mp4);
      expect(boxes.indexOf('moov'), v.video).toBeLessThan(boxes.indexOf('mdat'));
      expect(v.durationSeconds).toBeGreaterThanOrEqual(20);
      expect(v.durationSeconds).toBeLessThanOrEqual(40);
      expect(statSync(join(dir, v.cover)).size).toBeLessThan(60 * 1024);
      expect(readFileSync(join(dir, v.coverWebp)).toString('latin1', 8, 12)).toBe('WEBP');

      const vtt = readFileSync(join(dir, v.captions), 'utf8');
      expect(vtt).toMatch(new RegExp(`^WEBVTT\\nKind: captions\\nLanguage: ${v.captionLang}\\n`));
      const cues = [...vtt.matchAll(/(\d\d:\d\d:\d\d\.\d\d\d) --> (\d\d:\d\d:\d\d\.\d\d\d)\n(.+)\n/g)];
      expect(cues.length, v.captions).toBeGreaterThanOrEqual(3);
      // Cues in order, inside the video, and the words of the library's slides.
      let last = 0;
      const entry = library.videos.find((e) => e.id === v.id)!;
      const said = entry.slides.flatMap((s) => ('say' in s && s.say ? s.say : [('poem' in s ? s.poem : []).join('')]).map((x) => (typeof x === 'string' ? x : x.text)));
      for (const [, from = '', to = ''] of cues) {
        expect(seconds(from)).toBeGreaterThanOrEqual(last);
        expect(seconds(to)).toBeGreaterThan(seconds(from));
        expect(seconds(to)).toBeLessThanOrEqual(v.durationSeconds + 1);
        last = seconds(to);
      }
      expect(cues.slice(1).map((c) => c[3])).toEqual(said);
    }
    expect(total).toBeLessThanOrEqual(10.5 * 1024 * 1024);
  });
});
