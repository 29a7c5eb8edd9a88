/**
 * Draws the slider puzzle: a procedural background (gradient, soft blobs, waves, strokes, grain) with
 * a jigsaw-shaped hole, two decoy holes of a mirrored shape on the same row, and the matching piece.
 *
 * Made to defeat the simple solver ("scan the row for the darkened patch", or "the patch that is the
 * piece times a constant"): each hole is shaded by its own uneven factor with noise, the decoys are
 * shaded at least as dark as the real hole, and the piece is the hole's pixels recoloured and noised,
 * not the hole divided by a constant. A person matches the outline — the piece's knobs are on top and
 * on the right, the decoys' are not — which the shading does not change.
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
  /** Where the decoy holes are (for tests; never sent to a client). */
  decoyXs: number[];
}

/** Random integers in [0, max). Production: crypto for the positions, Math.random for decoration. */
export interface PuzzleRandom {
  secret(max: number): number;
  decoration(max: number): number;
}

const defaultRandom: PuzzleRandom = {
  secret: (max) => randomInt(0, max),
  decoration: (max) => Math.floor(Math.random() * max),
};

/** The piece outline: a square body with a round knob on top and one on the right. */
export function inPiece(x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= PIECE_SIZE || y >= PIECE_SIZE) return false;
  if (x < 40 && y >= 10) return true;
  if ((x - 20) ** 2 + (y - 10) ** 2 <= 64) return true;
  return (x - 40) ** 2 + (y - 30) ** 2 <= 64;
}

/** A decoy outline: the piece turned upside down and mirrored (knobs at the bottom and on the left). */
function inDecoy(x: number, y: number): boolean {
  return inPiece(PIECE_SIZE - 1 - x, PIECE_SIZE - 1 - y);
}

type Shape = (x: number, y: number) => boolean;

const onEdge = (shape: Shape, x: number, y: number) =>
  shape(x, y) && (!shape(x - 1, y) || !shape(x + 1, y) || !shape(x, y - 1) || !shape(x, y + 1));

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v | 0);

/** How busy the colour field under the puzzle is. */
export interface FieldLook {
  /** Blobs: at least `min`, up to `min + spread - 1`. */
  blobs: { min: number; spread: number; minRadius: number; weight: number };
  wave: number;
  /** Grain in ± this many levels. */
  grain: number;
}

/** Today's field; the first puzzle's was calmer (test/captchaSolver.test.ts keeps it as the baseline). */
export const FIELD_LOOK: FieldLook = { blobs: { min: 8, spread: 6, minRadius: 12, weight: 0.6 }, wave: 22, grain: 20 };

/** A gradient between two random colours, with blobs, a wave and grain, into RGBA `data`. */
export function paintField(width: number, height: number, data: Uint8Array, rand: (max: number) => number, look: FieldLook = FIELD_LOOK): void {
  const a = [rand(256), rand(256), rand(256)];
  const b = [rand(256), rand(256), rand(256)];
  const { min, spread, minRadius, weight } = look.blobs;
  const blobs = Array.from({ length: min + rand(spread) }, () => ({ x: rand(width), y: rand(height), r: minRadius + rand(50), c: [rand(256), rand(256), rand(256)] }));
  const waveF = 0.02 + rand(40) / 1000;
  const waveP = rand(628) / 100;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      let r = a[0]! * (1 - t) + b[0]! * t;
      let g = a[1]! * (1 - t) + b[1]! * t;
      let bl = a[2]! * (1 - t) + b[2]! * t;
      for (const blob of blobs) {
        const d2 = (x - blob.x) ** 2 + (y - blob.y) ** 2;
        if (d2 < blob.r * blob.r) {
          const w = weight * (1 - Math.sqrt(d2) / blob.r);
          r = r * (1 - w) + blob.c[0]! * w;
          g = g * (1 - w) + blob.c[1]! * w;
          bl = bl * (1 - w) + blob.c[2]! * w;
        }
      }
      const wave = Math.sin(x * waveF + waveP + Math.sin(y * 0.05) * 2) * look.wave;
      const grain = rand(2 * look.grain + 1) - look.grain;
      const o = (y * width + x) * 4;
      data[o] = clamp(r + wave + grain);
      data[o + 1] = clamp(g + wave + grain);
      data[o + 2] = clamp(bl - wave + grain);
      data[o + 3] = 255;
    }
  }
}

function paintBackground(png: PNG, rand: (max: number) => number): void {
  const { width, height, data } = png;
  paintField(width, height, data, rand);
  // Dark and light strokes across the picture, so that dark patches are not only holes.
  for (let n = 6 + rand(5); n > 0; n--) {
    const dark = rand(2) === 0;
    const x0 = rand(width);
    const y0 = rand(height);
    const angle = rand(628) / 100;
    const length = 40 + rand(120);
    const thick = 2 + rand(5);
    for (let s = 0; s < length; s++) {
      for (let k = -thick; k <= thick; k++) {
        const x = Math.round(x0 + Math.cos(angle) * s - Math.sin(angle) * k);
        const y = Math.round(y0 + Math.sin(angle) * s + Math.cos(angle) * k);
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const o = (y * width + x) * 4;
        for (let i = 0; i < 3; i++) data[o + i] = clamp(dark ? data[o + i]! * 0.45 : data[o + i]! * 0.6 + 100);
      }
    }
  }
}

/** Channel `i` of the pixel at (x, y) of a hole: what the hole shows, darkened. */
type Source = (x: number, y: number, i: number) => number;

/**
 * Darkens a hole of `shape` at (hx, hy) over `source`: a factor varying across the hole from `k0` to
 * `k1`, with noise, and a light rim.
 */
function carve(png: PNG, shape: Shape, hx: number, hy: number, k0: number, k1: number, rand: (max: number) => number, source: Source): void {
  const slope = rand(2) === 0;
  const rim = 90 + rand(60);
  // A few soft light and dark spots: the shading inside a hole is uneven, as on a real surface.
  const spots = Array.from({ length: 3 + rand(3) }, () => ({ x: rand(PIECE_SIZE), y: rand(PIECE_SIZE), r: 6 + rand(12), v: rand(81) - 40 }));
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      if (!shape(x, y)) continue;
      const o = ((hy + y) * PUZZLE_WIDTH + hx + x) * 4;
      const t = (slope ? x : y) / PIECE_SIZE;
      const k = k0 + (k1 - k0) * t;
      const edge = onEdge(shape, x, y);
      let noise = rand(31) - 15;
      for (const spot of spots) {
        const d2 = (x - spot.x) ** 2 + (y - spot.y) ** 2;
        if (d2 < spot.r * spot.r) noise += spot.v * (1 - Math.sqrt(d2) / spot.r);
      }
      for (let i = 0; i < 3; i++) {
        const v = source(x, y, i);
        png.data[o + i] = edge ? clamp(v * 0.4 + rim + noise) : clamp(v * k + 25 * (1 - k) + noise);
      }
    }
  }
}

/** Up to `count` x positions on the row, each at least a piece width away from the others and from `taken`. */
function decoySlots(taken: number, count: number, rand: (max: number) => number): number[] {
  const slots: number[] = [];
  for (let tries = 0; tries < 200 && slots.length < count; tries++) {
    const x = 5 + rand(PUZZLE_WIDTH - PIECE_SIZE - 10);
    if ([taken, ...slots].every((other) => Math.abs(other - x) >= PIECE_SIZE + 4)) slots.push(x);
  }
  return slots;
}

export function drawPuzzle(random: PuzzleRandom = defaultRandom): PuzzleImages {
  const deco = random.decoration;
  const background = new PNG({ width: PUZZLE_WIDTH, height: PUZZLE_HEIGHT });
  paintBackground(background, deco);
  const holeX = 60 + random.secret(PUZZLE_WIDTH - PIECE_SIZE - 60 - 5);
  const holeY = 5 + random.secret(PUZZLE_HEIGHT - PIECE_SIZE - 10);
  const decoyXs = decoySlots(holeX, 2, random.secret);

  // The piece: the hole's pixels before carving, recoloured and noised.
  const piece = new PNG({ width: PIECE_SIZE, height: PIECE_SIZE });
  const tint = [deco(41) - 20, deco(41) - 20, deco(41) - 20];
  const gain = 0.85 + deco(31) / 100;
  const flip = deco(2) === 0;
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      const p = (y * PIECE_SIZE + x) * 4;
      if (!inPiece(x, y)) {
        piece.data[p + 3] = 0;
        continue;
      }
      const o = ((holeY + y) * PUZZLE_WIDTH + holeX + x) * 4;
      const edge = onEdge(inPiece, x, y);
      const noise = deco(25) - 12;
      const shade = gain + ((flip ? PIECE_SIZE - y : y) / PIECE_SIZE) * 0.4 - 0.2;
      for (let i = 0; i < 3; i++) piece.data[p + i] = edge ? 255 : clamp(background.data[o + i]! * shade + tint[i]! + noise);
      piece.data[p + 3] = 255;
    }
  }

  // The real hole lighter on average than the decoys, so "the darkest patch" is a decoy; and it shows
  // other pixels than the piece's, while the first decoy shows the piece's: "the patch that is the
  // piece, darkened" is a decoy too. Neither changes the outlines a person goes by.
  const original = Buffer.from(background.data);
  const at = (x: number, y: number, i: number) => original[(y * PUZZLE_WIDTH + x) * 4 + i]!;
  const elsewhere = (holeX + PIECE_SIZE + 20 + deco(60)) % (PUZZLE_WIDTH - PIECE_SIZE);
  const real = 0.42 + deco(20) / 100;
  carve(background, inPiece, holeX, holeY, real + (deco(2) ? 0.3 : -0.2), real, deco, (x, y, i) => at(elsewhere + PIECE_SIZE - 1 - x, holeY + y, i));
  decoyXs.forEach((dx, n) => {
    const k = 0.18 + deco(14) / 100;
    const source: Source = n === 0 ? (x, y, i) => at(holeX + x, holeY + y, i) : (x, y, i) => at(dx + x, holeY + y, i);
    carve(background, inDecoy, dx, holeY, k + deco(8) / 100, k, deco, source);
  });
  return { background: PNG.sync.write(background), piece: PNG.sync.write(piece), holeX, holeY, decoyXs };
}
