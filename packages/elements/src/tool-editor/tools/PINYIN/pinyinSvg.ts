import type { Syllable } from '../shared/pinyinOf.js';
import { PAPER } from '../shared/documentPalette.js';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const PER_LINE = 16;
const CELL = 48;

/** The annotated text as an SVG picture (pinyin over each character), for export. */
export function pinyinTextSvg(list: Syllable[]): SVGSVGElement {
  const lines: Syllable[][] = [];
  for (let i = 0; i < list.length; i += PER_LINE) lines.push(list.slice(i, i + PER_LINE));
  const width = CELL * Math.min(PER_LINE, Math.max(1, list.length)) + 16;
  const height = Math.max(1, lines.length) * 80 + 16;
  const body = lines
    .map((line, row) =>
      line
        .map((s, col) => {
          const x = 8 + col * CELL + CELL / 2;
          const y = 8 + row * 80;
          return `<text x="${x}" y="${y + 22}" font-size="16" text-anchor="middle">${esc(s.pinyin)}</text><text x="${x}" y="${y + 62}" font-size="34" text-anchor="middle">${esc(s.char)}</text>`;
        })
        .join(''),
    )
    .join('');
  const markup = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="KaiTi, STKaiti, 'AR PL UKai CN', 'Noto Serif CJK SC', 'Noto Sans CJK SC', serif"><rect width="100%" height="100%" fill="${PAPER}"/>${body}</svg>`;
  return new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement as unknown as SVGSVGElement;
}
