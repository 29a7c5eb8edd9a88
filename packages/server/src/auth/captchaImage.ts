/**
 * Draws the slider puzzle: a procedural background (gradient, soft blobs, waves, grain) with a
 * jigsaw-shaped hole, and the matching piece cut from the same pixels. Every puzzle differs, so the
 * answer cannot be read from a stored picture.
 */
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const PUZZLE_WIDTH = 310;
export const PUZZLE_HEIGHT = 155;
export const PIECE_SIZE = 50;

export interface PuzzleImages {
  background: Buffer;
  piece: Buffer;
  holeX: number;
  holeY: number;
}

/** The piece outline: a square body with a round knob on top and one on the right. */
export function inPiece(x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= PIECE_SIZE || y >= PIECE_SIZE) return false;
  if (x < 40 && y >= 10) return true;
  if ((x - 20) ** 2 + (y - 10) ** 2 <= 64) return true;
  return (x - 40) ** 2 + (y - 30) ** 2 <= 64;
}

function onEdge(x: number, y: number): boolean {
  return inPiece(x, y) && (!inPiece(x - 1, y) || !inPiece(x + 1, y) || !inPiece(x, y - 1) || !inPiece(x, y + 1));
}

// Decoration only: the hole position, which is the secret, uses crypto's randomInt below.
const rand = (max: number) => Math.floor(Math.random() * max);
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v | 0);

function paintBackground(png: PNG): void {
  const { width, height, data } = png;
  const a = [rand(256), rand(256), rand(256)];
  const b = [rand(256), rand(256), rand(256)];
  const blobs = Array.from({ length: 6 + rand(5) }, () => ({
    x: rand(width),
    y: rand(height),
    r: 15 + rand(50),
    c: [rand(256), rand(256), rand(256)],
  }));
  const waveF = 0.02 + rand(40) / 1000;
  const waveP = rand(628) / 100;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      let r = a[0]! * (1 - t) + b[0]! * t;
      let g = a[1]! * (1 - t) + b[1]! * t;
      let bl = a[2]! * (1 - t) + b[2]! * t;
      for (const blob of blobs) {
        const dx = x - blob.x;
        const dy = y - blob.y;
        const d2 = dx * dx + dy * dy;
        if (d2 < blob.r * blob.r) {
          const w = 0.55 * (1 - Math.sqrt(d2) / blob.r);
          r = r * (1 - w) + blob.c[0]! * w;
          g = g * (1 - w) + blob.c[1]! * w;
          bl = bl * (1 - w) + blob.c[2]! * w;
        }
      }
      const wave = Math.sin(x * waveF + waveP + Math.sin(y * 0.05) * 2) * 18;
      const grain = rand(17) - 8;
      const o = (y * width + x) * 4;
      data[o] = clamp(r + wave + grain);
      data[o + 1] = clamp(g + wave + grain);
      data[o + 2] = clamp(bl - wave + grain);
      data[o + 3] = 255;
    }
  }
}

export function drawPuzzle(): PuzzleImages {
  const background = new PNG({ width: PUZZLE_WIDTH, height: PUZZLE_HEIGHT });
  paintBackground(background);
  const holeX = 60 + randomInt(0, PUZZLE_WIDTH - PIECE_SIZE - 60 - 5);
  const holeY = 5 + randomInt(0, PUZZLE_HEIGHT - PIECE_SIZE - 10);
  const piece = new PNG({ width: PIECE_SIZE, height: PIECE_SIZE });
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      const p = (y * PIECE_SIZE + x) * 4;
      if (!inPiece(x, y)) {
        piece.data[p + 3] = 0;
        continue;
      }
      const o = ((holeY + y) * PUZZLE_WIDTH + holeX + x) * 4;
      const edge = onEdge(x, y);
      for (let i = 0; i < 3; i++) {
        const v = background.data[o + i]!;
        piece.data[p + i] = edge ? 255 : v;
        background.data[o + i] = edge ? clamp(v * 0.5 + 120) : clamp(v * 0.35);
      }
      piece.data[p + 3] = 255;
    }
  }
  return { background: PNG.sync.write(background), piece: PNG.sync.write(piece), holeX, holeY };
}
