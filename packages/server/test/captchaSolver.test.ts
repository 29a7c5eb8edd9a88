/**
 * The slider puzzle against the scripts an attacker writes, each run on 10 puzzles of fixed seeds (so
 * the test is deterministic) of the former drawing and of the current one:
 * - "the darkest patch of the piece's shape" and "the patch that is the piece times a constant": they
 *   solved the former drawing every time and must fail at least 8 times in 10 on the current one;
 * - outline matching, from an outside security test: score how strongly the background's edges lie
 *   along the piece's outline at every x of the row. Written against the one fixed outline of
 *   yesterday it solved the former drawing every time and must fail at least 8 in 10 on the current
 *   one, whose outline changes per puzzle. Reading the outline from the piece's transparency (what
 *   an attacker has), it must fail at least 6 in 10: the decoys carry most of the piece's outline.
 *
 * The puzzle is not what stops a script that solves puzzles, only what makes writing one cost
 * something. Measured over 200 other seeds when this was written: the outline script reading the
 * piece's outline still wins about 1 puzzle in 5, and a script that finds the three holes and takes
 * the lightest (the decoys are darker, against the darkest-patch script) about 3 in 4. What holds
 * such a script back is the limit on answers per account and client (captchaService.ts) and the
 * account-wide delay after failures from unknown devices (loginFailures.ts).
 *
 * An attacker sees only the two pictures and pieceY: the scripts read the hole's shape from the
 * piece's alpha channel (or, the one written against yesterday's puzzle, assume its fixed outline),
 * never from the drawing's own record of it.
 */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { drawPuzzle, paintField, PIECE_SIZE, PUZZLE_HEIGHT, PUZZLE_WIDTH, type PuzzleRandom, type Shape } from '../src/auth/captchaImage.js';
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

/** The one outline every puzzle had until the outline varied: a square body, knobs on top and on the right. */
function formerOutline(x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= PIECE_SIZE || y >= PIECE_SIZE) return false;
  if (x < 40 && y >= 10) return true;
  if ((x - 20) ** 2 + (y - 10) ** 2 <= 64) return true;
  return (x - 40) ** 2 + (y - 30) ** 2 <= 64;
}

const onOutline = (shape: Shape, x: number, y: number) =>
  shape(x, y) && (!shape(x - 1, y) || !shape(x + 1, y) || !shape(x, y - 1) || !shape(x, y + 1));

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
      if (!formerOutline(x, y)) continue;
      const p = (y * PIECE_SIZE + x) * 4;
      const o = ((holeY + y) * width + holeX + x) * 4;
      const edge = onOutline(formerOutline, x, y);
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
const bgLuma = (d: Drawn, x: number, y: number) => luma(d.background, (y * PUZZLE_WIDTH + x) * 4);

/** The hole's shape as an attacker reads it: the piece's pixels that are not transparent. */
const pieceShape = (d: Drawn): Shape => (x, y) => x >= 0 && y >= 0 && x < PIECE_SIZE && y < PIECE_SIZE && d.piece[(y * PIECE_SIZE + x) * 4 + 3]! > 0;

/** Pixels of `shape` at least 2 pixels inside it: clear of the hole's rim. */
function interior(shape: Shape): [number, number][] {
  const points: [number, number][] = [];
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      if (shape(x, y) && shape(x - 2, y) && shape(x + 2, y) && shape(x, y - 2) && shape(x, y + 2)) points.push([x, y]);
    }
  }
  return points;
}

function outline(shape: Shape): [number, number][] {
  const points: [number, number][] = [];
  for (let y = 0; y < PIECE_SIZE; y++) for (let x = 0; x < PIECE_SIZE; x++) if (onOutline(shape, x, y)) points.push([x, y]);
  return points;
}

/** The x on the piece's row (the client is told pieceY) where `score` is highest. */
function bestX(score: (hx: number) => number): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let hx = 0; hx <= PUZZLE_WIDTH - PIECE_SIZE; hx++) {
    const s = score(hx);
    if (s > bestScore) {
      bestScore = s;
      best = hx;
    }
  }
  return best;
}

/** The first script: along the piece's row, the darkest patch of the piece's shape. */
function darkestPatch(d: Drawn): number {
  const points = interior(pieceShape(d));
  return bestX((hx) => -points.reduce((sum, [x, y]) => sum + bgLuma(d, hx + x, d.holeY + y), 0) / points.length);
}

/** Its refinement: the patch whose pixels are the piece's times one constant (least squares per position). */
function constantFactor(d: Drawn): number {
  const points = interior(pieceShape(d));
  return bestX((hx) => {
    let pp = 0;
    let pb = 0;
    let bb = 0;
    for (const [x, y] of points) {
      const p = luma(d.piece, (y * PIECE_SIZE + x) * 4);
      const b = bgLuma(d, hx + x, d.holeY + y);
      pp += p * p;
      pb += p * b;
      bb += b * b;
    }
    const k = pb / pp;
    // Relative residual of b ≈ k·p, with the factor a hole would have (well below 1).
    return -((bb - k * pb) / bb + (k > 0.9 ? 1 : 0));
  });
}

/** Edge strength of the background: the Sobel gradient's magnitude of its luma. */
function edgeStrength(d: Drawn): Float32Array {
  const at = (x: number, y: number) => bgLuma(d, Math.min(PUZZLE_WIDTH - 1, Math.max(0, x)), Math.min(PUZZLE_HEIGHT - 1, Math.max(0, y)));
  const g = new Float32Array(PUZZLE_WIDTH * PUZZLE_HEIGHT);
  for (let y = 0; y < PUZZLE_HEIGHT; y++) {
    for (let x = 0; x < PUZZLE_WIDTH; x++) {
      const gx = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      const gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      g[y * PUZZLE_WIDTH + x] = Math.hypot(gx, gy);
    }
  }
  return g;
}

/** Outline matching: the x where the background's edges are strongest, on average, along `shape`'s outline. */
function edgesAlong(d: Drawn, shape: Shape): number {
  const g = edgeStrength(d);
  const points = outline(shape);
  return bestX((hx) => points.reduce((sum, [x, y]) => sum + g[(d.holeY + y) * PUZZLE_WIDTH + hx + x]!, 0) / points.length);
}

/** The outside test's script as written against yesterday's puzzle: the one fixed outline. */
const fixedOutline = (d: Drawn) => edgesAlong(d, formerOutline);

/** The same script reading the outline from the piece's transparency. */
const pieceOutline = (d: Drawn) => edgesAlong(d, pieceShape(d));

/** Its variant by contrast: the x where the band just outside the outline is lightest against the band just inside. */
function pieceContrast(d: Drawn): number {
  const shape = pieceShape(d);
  const near = (x: number, y: number, r: number, inside: boolean) => {
    for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (shape(x + dx, y + dy) === inside) return true;
    return false;
  };
  const inner: [number, number][] = [];
  const outer: [number, number][] = [];
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      if (shape(x, y) && !near(x, y, 1, false) && near(x, y, 3, false)) inner.push([x, y]);
      if (!shape(x, y) && near(x, y, 2, true)) outer.push([x, y]);
    }
  }
  const mean = (points: [number, number][], hx: number) => points.reduce((sum, [x, y]) => sum + bgLuma(d, hx + x, d.holeY + y), 0) / points.length;
  return bestX((hx) => mean(outer, hx) - mean(inner, hx));
}

const SEEDS = Array.from({ length: 10 }, (_, i) => 1000 + i * 7919);

/** Each drawing is made once per seed: the scripts only read it. */
function drawnOnce(draw: (r: PuzzleRandom) => Drawn): () => Drawn[] {
  let drawn: Drawn[] | undefined;
  return () => (drawn ??= SEEDS.map((seed) => draw(seeded(seed))));
}
const former = drawnOnce(formerPuzzle);
const current = drawnOnce(currentPuzzle);

const solved = (puzzles: () => Drawn[], solver: (d: Drawn) => number) =>
  puzzles().filter((drawn) => Math.abs(solver(drawn) - drawn.holeX) <= CAPTCHA_TOLERANCE_PX).length;

describe('slider puzzle against a solving script', () => {
  it('the darkest-patch script solved the former drawing 10 of 10 times and fails at least 8 of 10 on the current one', () => {
    expect(solved(former, darkestPatch)).toBe(10);
    expect(solved(current, darkestPatch)).toBeLessThanOrEqual(2);
  });

  it('the constant-factor script solved the former drawing 10 of 10 times and fails at least 8 of 10 on the current one', () => {
    expect(solved(former, constantFactor)).toBe(10);
    expect(solved(current, constantFactor)).toBeLessThanOrEqual(2);
  });

  it('outline matching written against the one former outline solved the former drawing and fails at least 8 of 10 on the current one', () => {
    expect(solved(former, fixedOutline)).toBeGreaterThanOrEqual(8);
    expect(solved(current, fixedOutline)).toBeLessThanOrEqual(2);
  });

  it('outline matching on the piece’s own outline solved the former drawing and fails at least 6 of 10 on the current one', () => {
    const counts = {
      edges: { former: solved(former, pieceOutline), current: solved(current, pieceOutline) },
      contrast: { former: solved(former, pieceContrast), current: solved(current, pieceContrast) },
    };
    console.log('outline matching on the piece’s outline, puzzles solved of 10:', JSON.stringify(counts));
    expect(counts.edges.former).toBeGreaterThanOrEqual(8);
    expect(counts.contrast.former).toBeGreaterThanOrEqual(8);
    // The decoys carry most of the piece's outline, but the script still wins some puzzles (about 1
    // in 5 over 200 seeds): the picture is not the barrier against it, the limits per account are.
    expect(counts.edges.current).toBeLessThanOrEqual(4);
    expect(counts.contrast.current).toBeLessThanOrEqual(4);
  });

  it('keeps the puzzle a person can solve: one hole of the piece’s outline, decoys of other outlines on the same row, apart', () => {
    const outlines = new Set<string>();
    for (const seed of SEEDS) {
      const drawn = drawPuzzle(seeded(seed));
      expect(drawn.decoyXs.length).toBe(2);
      for (const x of drawn.decoyXs) expect(Math.abs(x - drawn.holeX)).toBeGreaterThanOrEqual(PIECE_SIZE);
      expect(drawn.holeX).toBeGreaterThanOrEqual(60);
      const piece = PNG.sync.read(drawn.piece);
      expect(piece.width).toBe(PIECE_SIZE);
      expect(piece.data[3]).toBe(0);
      // The piece shows exactly the hole's outline.
      const read = pieceShape({ background: new Uint8Array(0), piece: piece.data, holeX: 0, holeY: 0 });
      let outlineText = '';
      for (let y = 0; y < PIECE_SIZE; y++) {
        for (let x = 0; x < PIECE_SIZE; x++) {
          expect(read(x, y)).toBe(drawn.shape(x, y));
          outlineText += drawn.shape(x, y) ? '1' : '0';
        }
      }
      outlines.add(outlineText);
      // Each decoy differs from it by a knob or a notch at least (a knob of the smallest size is ≈ 60 pixels).
      expect(drawn.decoyShapes.length).toBe(2);
      for (const decoy of drawn.decoyShapes) {
        let differing = 0;
        for (let y = 0; y < PIECE_SIZE; y++) for (let x = 0; x < PIECE_SIZE; x++) if (decoy(x, y) !== drawn.shape(x, y)) differing++;
        expect(differing).toBeGreaterThanOrEqual(50);
      }
    }
    expect(outlines.size).toBeGreaterThanOrEqual(5);
  });
});
