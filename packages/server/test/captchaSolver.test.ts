/**
 * The slider puzzle against the script an attacker writes first: scan the piece's row for the patch
 * that looks most like a hole. It solves the former drawing (the hole was the piece darkened by a
 * constant factor) every time; on the current drawing it must fail at least 8 times in 10. Fixed seeds
 * keep the test deterministic.
 */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { drawPuzzle, inPiece, paintField, PIECE_SIZE, PUZZLE_HEIGHT, PUZZLE_WIDTH, type PuzzleRandom } from '../src/auth/captchaImage.js';
import { CAPTCHA_TOLERANCE_PX } from '../src/auth/captchaService.js';

/** mulberry32: a small seeded generator. */
function seeded(seed: number): PuzzleRandom {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { secret: int, decoration: int };
}

interface Drawn {
  background: Uint8Array;
  piece: Uint8Array;
  holeX: number;
  holeY: number;
}

/** The former drawing, as it was: gradient, blobs, waves, grain; hole = piece × 0.35, rim lightened. */
function formerPuzzle(random: PuzzleRandom): Drawn {
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v | 0);
  const width = PUZZLE_WIDTH;
  const height = PUZZLE_HEIGHT;
  const data = new Uint8Array(width * height * 4);
  paintField(width, height, data, random.decoration, { blobs: { min: 6, spread: 5, minRadius: 15, weight: 0.55 }, wave: 18, grain: 8 });
  const holeX = 60 + random.secret(width - PIECE_SIZE - 60 - 5);
  const holeY = 5 + random.secret(height - PIECE_SIZE - 10);
  const piece = new Uint8Array(PIECE_SIZE * PIECE_SIZE * 4);
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      if (!inPiece(x, y)) continue;
      const p = (y * PIECE_SIZE + x) * 4;
      const o = ((holeY + y) * width + holeX + x) * 4;
      const edge = inPiece(x, y) && (!inPiece(x - 1, y) || !inPiece(x + 1, y) || !inPiece(x, y - 1) || !inPiece(x, y + 1));
      for (let i = 0; i < 3; i++) {
        const v = data[o + i]!;
        piece[p + i] = edge ? 255 : v;
        data[o + i] = edge ? clamp(v * 0.5 + 120) : clamp(v * 0.35);
      }
      piece[p + 3] = 255;
    }
  }
  return { background: data, piece, holeX, holeY };
}

function currentPuzzle(random: PuzzleRandom): Drawn {
  const drawn = drawPuzzle(random);
  return { background: PNG.sync.read(drawn.background).data, piece: PNG.sync.read(drawn.piece).data, holeX: drawn.holeX, holeY: drawn.holeY };
}

const luma = (d: Uint8Array, o: number) => 0.299 * d[o]! + 0.587 * d[o + 1]! + 0.114 * d[o + 2]!;

/** The attacker's script: along the piece's row (the client is told pieceY), the darkest patch of the piece's shape. */
function darkestPatch(d: Drawn): number {
  let best = 0;
  let bestScore = Infinity;
  for (let hx = 0; hx <= PUZZLE_WIDTH - PIECE_SIZE; hx++) {
    let sum = 0;
    let n = 0;
    for (let y = 2; y < PIECE_SIZE - 2; y++) {
      for (let x = 2; x < PIECE_SIZE - 2; x++) {
        if (!inPiece(x, y) || !inPiece(x - 2, y) || !inPiece(x + 2, y) || !inPiece(x, y - 2) || !inPiece(x, y + 2)) continue;
        sum += luma(d.background, ((d.holeY + y) * PUZZLE_WIDTH + hx + x) * 4);
        n++;
      }
    }
    if (sum / n < bestScore) {
      bestScore = sum / n;
      best = hx;
    }
  }
  return best;
}

/** Its refinement: the patch whose pixels are the piece's times one constant (least squares per position). */
function constantFactor(d: Drawn): number {
  let best = 0;
  let bestScore = Infinity;
  for (let hx = 0; hx <= PUZZLE_WIDTH - PIECE_SIZE; hx++) {
    let pp = 0;
    let pb = 0;
    let bb = 0;
    for (let y = 2; y < PIECE_SIZE - 2; y++) {
      for (let x = 2; x < PIECE_SIZE - 2; x++) {
        if (!inPiece(x, y) || !inPiece(x - 2, y) || !inPiece(x + 2, y) || !inPiece(x, y - 2) || !inPiece(x, y + 2)) continue;
        const p = luma(d.piece, (y * PIECE_SIZE + x) * 4);
        const b = luma(d.background, ((d.holeY + y) * PUZZLE_WIDTH + hx + x) * 4);
        pp += p * p;
        pb += p * b;
        bb += b * b;
      }
    }
    const k = pb / pp;
    // Relative residual of b ≈ k·p, with the factor a hole would have (well below 1).
    const residual = (bb - k * pb) / bb + (k > 0.9 ? 1 : 0);
    if (residual < bestScore) {
      bestScore = residual;
      best = hx;
    }
  }
  return best;
}

const SEEDS = Array.from({ length: 10 }, (_, i) => 1000 + i * 7919);
const solved = (draw: (r: PuzzleRandom) => Drawn, solver: (d: Drawn) => number) =>
  SEEDS.filter((seed) => {
    const drawn = draw(seeded(seed));
    return Math.abs(solver(drawn) - drawn.holeX) <= CAPTCHA_TOLERANCE_PX;
  }).length;

describe('slider puzzle against a solving script', () => {
  it('the darkest-patch script solved the former drawing 10 of 10 times and fails at least 8 of 10 on the current one', () => {
    expect(solved(formerPuzzle, darkestPatch)).toBe(10);
    expect(solved(currentPuzzle, darkestPatch)).toBeLessThanOrEqual(2);
  });

  it('the constant-factor script solved the former drawing 10 of 10 times and fails at least 8 of 10 on the current one', () => {
    expect(solved(formerPuzzle, constantFactor)).toBe(10);
    expect(solved(currentPuzzle, constantFactor)).toBeLessThanOrEqual(2);
  });

  it('keeps the puzzle a person can solve: one hole of the piece’s shape, decoys of another shape on the same row, apart', () => {
    for (const seed of SEEDS) {
      const drawn = drawPuzzle(seeded(seed));
      expect(drawn.decoyXs.length).toBe(2);
      for (const x of drawn.decoyXs) expect(Math.abs(x - drawn.holeX)).toBeGreaterThanOrEqual(PIECE_SIZE);
      expect(drawn.holeX).toBeGreaterThanOrEqual(60);
      const piece = PNG.sync.read(drawn.piece);
      expect(piece.width).toBe(PIECE_SIZE);
      expect(piece.data[3]).toBe(0);
    }
  });
});
