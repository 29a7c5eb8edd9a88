// A4 practice sheets as SVG in millimetres: per character one row of 田字格/米字格 boxes, each under a
// 四线三格 band for its pinyin. The model character is black, the next ones grey to trace, the rest empty.
import type { Syllable } from '../shared/pinyinOf.js';
import type { GridKind } from './fltgDoc.js';
import { INK, SHEET } from '../shared/documentPalette.js';

/** A4 with the printer margins of @page (15 mm top/bottom, 12 mm left/right). */
export const PAGE = { width: 186, height: 267, marginTop: 15, marginSide: 12 };
const BOX = 18;
const PER_ROW = 10;
const BAND = 9; // 四线三格: three equal spaces of 3 mm
const ROW = BAND + BOX + 3;
const TITLE = 14;
export const ROWS_PER_PAGE = Math.floor((PAGE.height - TITLE) / ROW);

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const KAI = "KaiTi, STKaiti, 'AR PL UKai CN', 'Noto Serif CJK SC', 'Noto Sans CJK SC', serif";

function band(x: number, y: number): string {
  const lines = [0, 1, 2, 3].map((i) => `<line x1="${x}" x2="${x + BOX}" y1="${y + i * 3}" y2="${y + i * 3}" stroke="${i === 2 ? SHEET.grid : SHEET.gridLight}" stroke-width="${i === 2 ? 0.3 : 0.2}"/>`);
  return lines.join('');
}

function box(x: number, y: number, grid: GridKind): string {
  const dash = `stroke="${SHEET.gridLight}" stroke-width="0.2" stroke-dasharray="1 0.8"`;
  const cross = `<line x1="${x}" x2="${x + BOX}" y1="${y + BOX / 2}" y2="${y + BOX / 2}" ${dash}/><line x1="${x + BOX / 2}" x2="${x + BOX / 2}" y1="${y}" y2="${y + BOX}" ${dash}/>`;
  const diagonals = grid === 'mi' ? `<line x1="${x}" x2="${x + BOX}" y1="${y}" y2="${y + BOX}" ${dash}/><line x1="${x + BOX}" x2="${x}" y1="${y}" y2="${y + BOX}" ${dash}/>` : '';
  return `<rect x="${x}" y="${y}" width="${BOX}" height="${BOX}" fill="none" stroke="${SHEET.grid}" stroke-width="0.35"/>${cross}${diagonals}`;
}

function row(s: Syllable, index: number, y: number, grid: GridKind, traces: number): string {
  const parts: string[] = [];
  for (let col = 0; col < PER_ROW; col++) {
    const x = col * (BOX + (PAGE.width - PER_ROW * BOX) / (PER_ROW - 1));
    parts.push(band(x, y), box(x, y + BAND, grid));
    const tone = col === 0 ? INK : col <= traces ? SHEET.trace : '';
    if (!tone) continue;
    // Pinyin sits on the third line of 四线三格, its x-height filling the middle space.
    parts.push(`<text class="sheet-pinyin" data-row="${index}" x="${x + BOX / 2}" y="${y + 6}" font-size="5.2" font-family="'Noto Sans', Arial, sans-serif" text-anchor="middle" fill="${tone}">${esc(s.pinyin)}</text>`);
    parts.push(`<text class="sheet-char" x="${x + BOX / 2}" y="${y + BAND + BOX * 0.8}" font-size="${BOX * 0.78}" font-family="${KAI}" text-anchor="middle" fill="${tone}">${esc(s.char)}</text>`);
  }
  return `<g class="sheet-row">${parts.join('')}</g>`;
}

/** The sheet's pages, each a complete SVG document (A4 content box, millimetres). */
export function practiceSheetPages(title: string, list: Syllable[], grid: GridKind, traces: number): string[] {
  const rows = list.filter((s) => s.pinyin);
  const pages: string[] = [];
  for (let start = 0; start === 0 || start < rows.length; start += ROWS_PER_PAGE) {
    const body = rows
      .slice(start, start + ROWS_PER_PAGE)
      .map((s, i) => row(s, start + i, TITLE + i * ROW, grid, traces))
      .join('');
    const heading = `<text x="${PAGE.width / 2}" y="8" font-size="6" font-family="${KAI}" text-anchor="middle">${esc(title)}</text><text x="${PAGE.width}" y="8" font-size="3.5" text-anchor="end" fill="${SHEET.note}">姓名：________  日期：________</text>`;
    pages.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}mm" height="${PAGE.height}mm" viewBox="0 0 ${PAGE.width} ${PAGE.height}">${heading}${body}</svg>`);
  }
  return pages;
}

/** A printable document: one A4 page per SVG, margins set by @page so every printer keeps the grid to scale. */
export function printDocument(title: string, pages: string[]): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title><style>
@page { size: A4 portrait; margin: ${PAGE.marginTop}mm ${PAGE.marginSide}mm; }
html, body { margin: 0; padding: 0; }
.page { width: ${PAGE.width}mm; height: ${PAGE.height}mm; break-after: page; overflow: hidden; }
.page:last-child { break-after: auto; }
svg { display: block; }
</style></head><body>${pages.map((p) => `<div class="page">${p}</div>`).join('')}</body></html>`;
}
