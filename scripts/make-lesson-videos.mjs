#!/usr/bin/env node
/**
 * Draws the demo lesson videos of packages/server/seed/lesson-videos from library.json: per video a
 * title card (lesson, subject and book, teacher) and the lesson's slides (a poem with pinyin over each
 * character, a maths problem and its worked step, an English dialogue), narrated by espeak-ng (Mandarin
 * `cmn`, English `en-us`/`en-gb`), with WebVTT captions cut from the same sentences the voice reads, and a
 * cover (JPEG and WebP) drawn from the title card. Writes manifest.json (durations, sizes) for the seed.
 *
 * Run here, not in CI: the output is committed. Needs Debian's ffmpeg, espeak-ng and fonts-noto-cjk.
 *   nice -n 19 node scripts/make-lesson-videos.mjs [id …]     (only the named videos when ids are given)
 * Encodes one video at a time with one thread; output carries no encoder strings or dates.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinyin } from 'pinyin-pro';
import { buildAudio, toVtt } from './lesson-videos/narration.mjs';
import { slideFilters, titleFilters } from './lesson-videos/slides.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seed = path.join(root, 'packages/server/seed');
const outDir = path.join(seed, 'lesson-videos');
const library = JSON.parse(readFileSync(path.join(outDir, 'library.json'), 'utf8'));
const curriculum = JSON.parse(readFileSync(path.join(seed, 'curriculum.json'), 'utf8'));

for (const tool of ['ffmpeg', 'espeak-ng']) {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
  } catch {
    throw new Error(`${tool} is required (apt-get install -y ffmpeg espeak-ng fonts-noto-cjk)`);
  }
}

/** Teacher names from seed/people.ts (`t(1, '王雅琴', …)`), and the demo teacher account. */
const peopleSource = readFileSync(path.join(seed, 'people.ts'), 'utf8');
const teachers = new Map([...peopleSource.matchAll(/t\((\d+), '([^']+)'/g)].map((m) => [`te-${m[1].padStart(2, '0')}`, m[2]]));
teachers.set('te-demo-teacher', '王晓明');

const SUBJECT_COLOURS = { 13: '0x8c2a1c', 14: '0x123e7c', 41: '0x4a2a82', 17: '0x0d5c57' };
const FF = ['-hide_banner', '-loglevel', 'error', '-y'];
const BITEXACT = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'];
const ff = (args) => execFileSync('ffmpeg', [...FF, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });

function describe(video) {
  const chapter = curriculum.chapters.find((c) => c.id === video.chapterId);
  if (!chapter) throw new Error(`${video.id}: no chapter ${video.chapterId} in curriculum.json`);
  const book = curriculum.books.find((b) => b.id === chapter.bookId);
  const subject = curriculum.subjects.find((s) => s.subjectCode === book.subjectCode);
  const teacher = teachers.get(video.teacherId);
  if (!teacher) throw new Error(`${video.id}: no teacher ${video.teacherId} in people.ts`);
  const stage = { 2: '小学', 3: '初中' }[subject.stage] ?? '';
  // The unit and section above the lesson's own node, for the title card's corner.
  const above = [];
  for (let c = curriculum.chapters.find((x) => x.id === chapter.parentId); c; c = curriculum.chapters.find((x) => x.id === c.parentId)) above.unshift(c.name);
  return { chapter, book, subject, teacher, subjectLine: `${stage}${book.name}`, unitLine: above.join(' · ') || chapter.name };
}

/** The narration of the title card, then of each slide (a slide without `say` reads its poem). */
function narration(video, info) {
  const en = video.lang === 'en';
  const intro = en
    ? [{ text: `Hello, class! Today's lesson: ${video.title}`, voice: 'en-us' }]
    : [{ text: `同学们好！这节课我们学习${info.subject.name === '语文' && !/[《》]/.test(video.title) ? `《${video.title}》` : video.title}。`, voice: 'cmn' }];
  const slides = video.slides.map((s) => {
    const say = s.say ?? [s.poem.join('')];
    return say.map((item) => (typeof item === 'string' ? { text: item, voice: en ? 'en-us' : 'cmn' } : item));
  });
  return [intro, ...slides];
}

/** Per-character pinyin of a poem line: [[char, syllable|''], …]. */
function withPinyin(line) {
  const chars = [...line];
  const syllables = pinyin(line, { type: 'array', toneType: 'symbol', nonZh: 'consecutive' });
  return chars.map((c, i) => [c, /\p{Script=Han}/u.test(c) ? (syllables[i] ?? '') : '']);
}

function makeVideo(video, work) {
  const info = describe(video);
  const colour = SUBJECT_COLOURS[info.subject.subjectCode % 100] ?? '0x333333';
  const parts = narration(video, info);
  const audio = buildAudio(parts, path.join(work, `${video.id}.wav`), work);
  const segments = [titleFilters(video, info, colour, work), ...video.slides.map((s, i) => slideFilters(video, s, i, colour, work, s.poem ? s.poem.map(withPinyin) : null))];

  // One still per segment, then the stills shown for their segment's time with the narration under them.
  const list = [];
  segments.forEach((filters, i) => {
    const png = path.join(work, `${video.id}-${i}.png`);
    ff(['-f', 'lavfi', '-i', `color=c=${colour}:s=640x360:d=1`, '-filter_complex_script', filters, '-frames:v', '1', png]);
    list.push(`file '${png}'`, `duration ${audio.segments[i].toFixed(3)}`);
  });
  list.push(`file '${path.join(work, `${video.id}-${segments.length - 1}.png`)}'`);
  writeFileSync(path.join(work, `${video.id}.txt`), list.join('\n') + '\n');

  const mp4 = path.join(outDir, `${video.id}.mp4`);
  ff([
    '-f', 'concat', '-safe', '0', '-i', path.join(work, `${video.id}.txt`), '-i', audio.file,
    '-vf', 'fps=10,format=yuv420p', '-t', audio.total.toFixed(3),
    '-c:v', 'libx264', '-preset', 'slow', '-tune', 'stillimage', '-profile:v', 'main', '-level:v', '3.0', '-crf', '30',
    '-g', '50', '-keyint_min', '10', '-pix_fmt', 'yuv420p', '-threads', '1',
    '-c:a', 'aac', '-b:a', '20k', '-ac', '1', '-ar', '22050',
    ...BITEXACT, '-movflags', '+faststart', mp4,
  ]);
  const title = path.join(work, `${video.id}-0.png`);
  ff(['-i', title, '-q:v', '4', ...BITEXACT, path.join(outDir, `${video.id}.jpg`)]);
  ff(['-i', title, '-c:v', 'libwebp', '-quality', '70', ...BITEXACT, path.join(outDir, `${video.id}.webp`)]);
  const lang = video.lang === 'en' ? 'en' : 'zh';
  writeFileSync(path.join(outDir, `${video.id}.${lang}.vtt`), toVtt(audio.cues, lang));
  return {
    id: video.id,
    chapterId: video.chapterId,
    teacherId: video.teacherId,
    title: video.title,
    video: `${video.id}.mp4`,
    cover: `${video.id}.jpg`,
    coverWebp: `${video.id}.webp`,
    captions: `${video.id}.${lang}.vtt`,
    captionLang: lang,
    durationSeconds: Math.round(audio.total),
    bytes: statSync(mp4).size,
  };
}

const only = new Set(process.argv.slice(2));
const manifestFile = path.join(outDir, 'manifest.json');
/** The videos made before, kept as they are when only some ids are asked for. */
function madeBefore() {
  try {
    return JSON.parse(readFileSync(manifestFile, 'utf8')).videos;
  } catch {
    return [];
  }
}
const previous = madeBefore();
mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'lesson-videos-'));
try {
  const videos = [];
  for (const video of library.videos) {
    const kept = previous.find((v) => v.id === video.id);
    if (only.size > 0 && !only.has(video.id) && kept) {
      videos.push(kept);
      continue;
    }
    const made = makeVideo(video, work);
    videos.push(made);
    console.log(`${made.video}  ${made.durationSeconds} s  ${(made.bytes / 1024).toFixed(0)} KB`);
  }
  const total = videos.reduce((sum, v) => sum + v.bytes, 0);
  writeFileSync(manifestFile, JSON.stringify({ version: 1, generatedBy: 'scripts/make-lesson-videos.mjs', videos }, null, 2) + '\n');
  console.log(`${videos.length} videos, ${(total / 1024 / 1024).toFixed(2)} MB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
