/**
 * Draws the slider puzzle: a procedural background (gradient, soft blobs, waves, strokes, grain) with
 * a jigsaw-shaped hole, two decoy holes on the same row, and the matching piece.
 *
 * The outline changes with every puzzle: a body whose four sides each have a knob, a notch or nothing
 * (at least two sides not flat), every knob and notch at its own place and of its own size. A script
 * written against one fixed outline no longer lines up with the hole. Each decoy has the piece's
 * outline with one side changed (a notch filled in, a knob turned into a notch, a knob added, …): a
 * person sees which hole the piece fits, while a script that scores the background's edges along the
 * piece's outline (read from the piece's transparency) finds most of that outline on the decoys as
 * well, and stronger there, since they are darker.
 *
 * Against the simpler scripts ("the darkest patch", "the patch that is the piece times a constant"):
 * each hole is shaded by its own uneven factor with noise, the decoys are shaded darker than the real
 * hole, and the piece is the hole's pixels recoloured and noised, not the hole divided by a constant;
 * the real hole shows other pixels, the first decoy the piece's.
 *
 * None of this stops a script written against this drawing: each rule above is a difference a script
 * can use in turn (the real hole, for one, is lighter than the decoys). test/captchaSolver.test.ts
 * counts how often the known scripts win. What holds a solving script back is the limit on answers
 * per account and client (captchaService.ts) and the account-wide delay (loginFailures.ts).
 */
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const PUZZLE_WIDTH = 310;
export const PUZZLE_HEIGHT = 155;
export const PIECE_SIZE = 50;

/** Which pixels of the PIECE_SIZE × PIECE_SIZE square an outline covers. */
export type Shape = (x: number, y: number) => boolean;

export interface PuzzleImages {
  background: Buffer;
  piece: Buffer;
  holeX: number;
  holeY: number;
  /** Where the decoy holes are (for tests; never sent to a client). */
  decoyXs: number[];
  /** The piece's outline and the decoys' (for tests; never sent to a client). */
  shape: Shape;
  decoyShapes: Shape[];
}

/** Random integers in [0, max). Production: crypto for the positions and outlines, Math.random for decoration. */
export interface PuzzleRandom {
  secret(max: number): number;
  decoration(max: number): number;
}

const defaultRandom: PuzzleRandom = {
  secret: (max) => randomInt(0, max),
  decoration: (max) => Math.floor(Math.random() * max),
};

type Kind = 'knob' | 'notch' | 'flat';
const KINDS: Kind[] = ['knob', 'notch', 'flat'];

interface Side {
  kind: Kind;
  /** Centre of the knob or notch along the side, in pixels from the body's corner. */
  at: number;
  radius: number;
  /** How far the circle's centre lies beyond the side (knob) or inside it (notch). */
  offset: number;
}

/** A body (the pixels between left and right, top and bottom) and its sides: top, right, bottom, left. */
interface Outline {
  left: number;
  top: number;
  right: number;
  bottom: number;
  sides: Side[];
}

/**
 * Room a side leaves between the body and the edge of the piece's square. A knob reaches at most
 * KNOB_REACH beyond its side, a notch as deep into the body, so the middle 30 × 30 of the square is
 * always solid in the piece: with knobs on two opposite sides its body is still 30 wide, and it
 * reads as one piece (test/captcha.test.ts looks for a solid pixel there).
 */
const KNOB_REACH = 9;
const KNOB_ROOM = KNOB_REACH + 1;

/**
 * A knob or a notch: a circle of radius 5 to 6 whose centre lies beyond the side (a knob) or inside
 * it (a notch) by at least half its radius, so that it narrows where it meets the side as a jigsaw
 * piece's does, and never further than KNOB_REACH in all; at least 3 pixels from either corner.
 */
function drawSide(kind: Kind, length: number, rand: (max: number) => number): Side {
  const radius = 5 + rand(11) / 10;
  const offset = radius / 2 + (rand(11) / 10) * (KNOB_REACH - 1.5 * radius);
  const at = radius + 3 + rand(Math.max(1, Math.floor(length - 2 * (radius + 3))));
  return { kind, at, radius, offset };
}

const sideLength = (o: Outline, i: number) => (i % 2 === 0 ? o.right - o.left : o.bottom - o.top);
const room = (o: Outline, i: number) => [o.top, PIECE_SIZE - o.right, PIECE_SIZE - o.bottom, o.left][i]!;

/**
 * The piece's outline. A side with a knob leaves it room; a notched side lies one pixel from the
 * edge of the square; a flat side 1 to 4 pixels from it, or (one time in three) as far as a knob's
 * side, so that the body's size varies too and a decoy can have a knob there.
 */
function drawOutline(rand: (max: number) => number): Outline {
  let kinds: Kind[];
  do kinds = [0, 1, 2, 3].map(() => KINDS[rand(3)]!);
  while (kinds.filter((k) => k !== 'flat').length < 2);
  const margin = (k: Kind) => (k === 'knob' ? KNOB_ROOM : k === 'notch' ? 1 : rand(3) === 0 ? KNOB_ROOM : 1 + rand(4));
  const top = margin(kinds[0]!);
  const right = PIECE_SIZE - margin(kinds[1]!);
  const bottom = PIECE_SIZE - margin(kinds[2]!);
  const left = margin(kinds[3]!);
  const body = { left, top, right, bottom, sides: [] };
  return { ...body, sides: kinds.map((k, i) => drawSide(k, sideLength(body, i), rand)) };
}

function toShape(o: Outline): Shape {
  const mask = new Uint8Array(PIECE_SIZE * PIECE_SIZE);
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      let inside = px > o.left && px < o.right && py > o.top && py < o.bottom;
      // The pixel's place along each side (from its first corner) and outward from it.
      const local = [
        [px - o.left, o.top - py],
        [py - o.top, px - o.right],
        [px - o.left, py - o.bottom],
        [py - o.top, o.left - px],
      ] as const;
      o.sides.forEach((side, i) => {
        const [u, v] = local[i]!;
        if (side.kind === 'knob' && v >= -1 && (u - side.at) ** 2 + (v - side.offset) ** 2 <= side.radius ** 2) inside = true;
        if (side.kind === 'notch' && v <= 1 && (u - side.at) ** 2 + (v + side.offset) ** 2 <= side.radius ** 2) inside = false;
      });
      if (inside) mask[y * PIECE_SIZE + x] = 1;
    }
  }
  return (x, y) => x >= 0 && y >= 0 && x < PIECE_SIZE && y < PIECE_SIZE && mask[y * PIECE_SIZE + x] === 1;
}

/**
 * Changes of a side that only add to the outline, so that all the piece's pixels lie inside the
 * decoy: a notch filled in, a knob added to a flat side with room for it.
 */
const GROWS: Record<Kind, Kind[]> = { notch: ['flat'], flat: ['knob'], knob: [] };
const fits = (o: Outline, i: number, k: Kind) => k !== 'knob' || room(o, i) >= KNOB_ROOM;

/** The piece's outline with side `i` made another kind, at another place and size. */
function decoyOutline(piece: Outline, i: number, grow: boolean, rand: (max: number) => number): Outline {
  const kind = piece.sides[i]!.kind;
  const options = (grow ? GROWS[kind] : KINDS).filter((k) => k !== kind && fits(piece, i, k));
  const sides = piece.sides.map((side, n) => (n === i ? drawSide(options[rand(options.length)]!, sideLength(piece, i), rand) : side));
  return { ...piece, sides };
}

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

/**
 * The decoys' outlines: each the piece's with one side changed, the two on different sides. The first
 * decoy, which shows the piece's pixels, only gains pixels where it can: the whole piece then lies
 * inside it, so "the patch that is the piece, darkened" finds it rather than the real hole.
 */
function decoyOutlines(piece: Outline, rand: (max: number) => number): Outline[] {
  const growable = [0, 1, 2, 3].filter((i) => GROWS[piece.sides[i]!.kind].some((k) => fits(piece, i, k)));
  const first = growable.length > 0 ? growable[rand(growable.length)]! : rand(4);
  const second = (first + 1 + rand(3)) % 4;
  return [decoyOutline(piece, first, growable.length > 0, rand), decoyOutline(piece, second, false, rand)];
}

export function drawPuzzle(random: PuzzleRandom = defaultRandom): PuzzleImages {
  const deco = random.decoration;
  const background = new PNG({ width: PUZZLE_WIDTH, height: PUZZLE_HEIGHT });
  paintBackground(background, deco);
  const holeX = 60 + random.secret(PUZZLE_WIDTH - PIECE_SIZE - 60 - 5);
  const holeY = 5 + random.secret(PUZZLE_HEIGHT - PIECE_SIZE - 10);
  const decoyXs = decoySlots(holeX, 2, random.secret);
  // The outlines come from the secret generator, as the positions do: once a script can tell the
  // outlines apart, which hole has the piece's outline is the answer. Math.random's state can be
  // worked out from its outputs, and the picture's grain shows thousands of them; a script that could
  // then foresee the decoys' outlines would know which holes to skip.
  const outline = drawOutline(random.secret);
  const shape = toShape(outline);
  const decoyShapes = decoyOutlines(outline, random.secret).slice(0, decoyXs.length).map(toShape);

  // The piece: the hole's pixels before carving, recoloured and noised.
  const piece = new PNG({ width: PIECE_SIZE, height: PIECE_SIZE });
  const tint = [deco(41) - 20, deco(41) - 20, deco(41) - 20];
  const gain = 0.85 + deco(31) / 100;
  const flip = deco(2) === 0;
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      const p = (y * PIECE_SIZE + x) * 4;
      if (!shape(x, y)) {
        piece.data[p + 3] = 0;
        continue;
      }
      const o = ((holeY + y) * PUZZLE_WIDTH + holeX + x) * 4;
      const edge = onEdge(shape, x, y);
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
  // The same light rim on all three holes: a hole drawn otherwise (a soft edge on the real one, say,
  // which weakens the edges an outline script scores) would be the answer to "the odd one out".
  carve(background, shape, holeX, holeY, real + (deco(2) ? 0.3 : -0.2), real, deco, (x, y, i) => at(elsewhere + PIECE_SIZE - 1 - x, holeY + y, i));
  decoyXs.forEach((dx, n) => {
    const k = 0.18 + deco(14) / 100;
    const source: Source = n === 0 ? (x, y, i) => at(holeX + x, holeY + y, i) : (x, y, i) => at(dx + x, holeY + y, i);
    carve(background, decoyShapes[n]!, dx, holeY, k + deco(8) / 100, k, deco, source);
  });
  return { background: PNG.sync.write(background), piece: PNG.sync.write(piece), holeX, holeY, decoyXs, shape, decoyShapes };
}
