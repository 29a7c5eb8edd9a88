/**
 * The pictures of a demo lesson video as ffmpeg filter scripts over a 640x360 plain background: the title
 * card and the content slides (lines of text, or a poem with the pinyin of each character above it).
 * Text goes through files (`textfile=`), so nothing in it needs filtergraph escaping.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const W = 640;
const CJK = "font='Noto Sans CJK SC'";
const LATIN = "font='DejaVu Sans'";
let counter = 0;

/** Width of a text in em: CJK characters one em, others a little over half. */
const ems = (text) => [...text].reduce((sum, c) => sum + (/[\u2E80-\uFFEF]/.test(c) ? 1 : 0.58), 0);
const fit = (text, preferred, width) => Math.max(12, Math.min(preferred, Math.floor(width / Math.max(1, ems(text)))));

function text(work, value, { size, x, y, colour = 'white', face = CJK, box = '' }) {
  const file = path.join(work, `t${counter++}.txt`);
  writeFileSync(file, value);
  return `drawtext=${face}:textfile='${file}':expansion=none:fontsize=${size}:fontcolor=${colour}:x=${x}:y=${y}${box}`;
}

function script(work, name, filters) {
  const file = path.join(work, `${name}.filter`);
  writeFileSync(file, filters.join(',\n'));
  return file;
}

export function titleFilters(video, info, colour, work) {
  const title = video.lang === 'en' || /[《》]/.test(video.title) || info.subject.name !== '语文' ? video.title : `《${video.title}》`;
  const size = fit(title, 46, W - 60);
  const teacherLine = video.lang === 'en' ? `授课教师：${info.teacher}  Teacher ${info.teacher}` : `授课教师：${info.teacher}`;
  return script(work, `${video.id}-title`, [
    'drawbox=x=0:y=0:w=iw:h=44:color=black@0.28:t=fill',
    text(work, '东山市教育云校 · 课程视频', { size: 18, x: 20, y: 12, colour: 'white@0.9' }),
    text(work, info.unitLine, { size: 18, x: 'w-tw-20', y: 12, colour: 'white@0.9' }),
    `drawbox=x=40:y=96:w=${W - 80}:h=${Math.round(size * 1.9)}:color=white@0.10:t=fill`,
    text(work, title, { size, x: '(w-tw)/2', y: 96 + Math.round(size * 0.45) }),
    text(work, info.subjectLine, { size: 24, x: '(w-tw)/2', y: 210, colour: 'white@0.92' }),
    text(work, teacherLine, { size: 22, x: '(w-tw)/2', y: 256, colour: '0xffe58f' }),
    'drawbox=x=0:y=ih-8:w=iw:h=8:color=0xffc53d:t=fill',
  ]);
}

function footer(video, index, work) {
  return [
    'drawbox=x=0:y=ih-28:w=iw:h=28:color=black@0.22:t=fill',
    text(work, video.title, { size: 14, x: 16, y: 'h-22', colour: 'white@0.8' }),
    text(work, `${index + 2} / ${video.slides.length + 1}`, { size: 14, x: 'w-tw-16', y: 'h-22', colour: 'white@0.8', face: LATIN }),
  ];
}

/** A content slide; `poem` is the slide's lines as [[character, pinyin], …] when it is a poem. */
export function slideFilters(video, slide, index, colour, work, poem) {
  const filters = ['drawbox=x=0:y=0:w=iw:h=52:color=black@0.30:t=fill', text(work, slide.heading, { size: fit(slide.heading, 26, W - 48), x: 24, y: 12 })];
  const top = 66;
  const bottom = 360 - 36;
  if (poem) {
    const longest = Math.max(...poem.map((l) => l.length));
    const cell = Math.min(62, Math.floor((W - 40) / longest));
    const pitch = Math.min(64, Math.floor((bottom - top) / poem.length));
    const han = Math.min(34, Math.floor(cell * 0.72), Math.floor(pitch * 0.55));
    const py = Math.min(17, Math.floor(cell * 0.3), Math.floor(pitch * 0.27));
    const y0 = top + Math.max(0, Math.floor((bottom - top - pitch * poem.length) / 2));
    poem.forEach((line, row) => {
      const x0 = Math.floor((W - cell * line.length) / 2);
      line.forEach(([char, syllable], col) => {
        const cx = x0 + col * cell + cell / 2;
        const y = y0 + row * pitch;
        if (syllable) filters.push(text(work, syllable, { size: py, x: `${cx}-tw/2`, y, colour: '0xffe58f', face: LATIN }));
        // Punctuation sits at the left of its cell, as in print.
        const x = syllable ? `${cx}-tw/2` : `${x0 + col * cell + 2}`;
        filters.push(text(work, char, { size: han, x, y: y + py + 6 }));
      });
    });
  } else {
    const lines = slide.lines;
    const pitch = Math.min(58, Math.floor((bottom - top) / lines.length));
    const longest = lines.reduce((a, b) => (ems(b) > ems(a) ? b : a), '');
    const size = Math.min(32, Math.floor(pitch * 0.62), fit(longest, 32, W - 64));
    const y0 = top + Math.max(0, Math.floor((bottom - top - pitch * lines.length) / 2));
    const single = lines.length === 1;
    lines.forEach((line, i) => {
      filters.push(text(work, line, { size: single ? fit(line, 54, W - 64) : size, x: single ? '(w-tw)/2' : 32, y: y0 + i * pitch + (pitch - size) / 2 }));
    });
  }
  return script(work, `${video.id}-${index + 1}`, [...filters, ...footer(video, index, work)]);
}
