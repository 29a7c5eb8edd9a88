import type { Compiled } from './formula.js';

export interface Intersection {
  /** Indices of the two functions. */
  a: number;
  b: number;
  x: number;
  y: number;
}

const SAMPLES = 600;

/**
 * Points where two functions meet inside [x0, x1]: sign changes of f − g on a fine grid, refined by
 * bisection. A sign change across a pole (tan x) is no intersection: the difference there stays large.
 */
export function intersections(fns: (Compiled | undefined)[], scope: Record<string, number>, [x0, x1]: [number, number]): Intersection[] {
  const found: Intersection[] = [];
  const at = (f: Compiled, x: number) => f.eval({ ...scope, x });
  for (let a = 0; a < fns.length; a++) {
    for (let b = a + 1; b < fns.length; b++) {
      const f = fns[a];
      const g = fns[b];
      if (!f || !g) continue;
      const diff = (x: number) => at(f, x) - at(g, x);
      const step = (x1 - x0) / SAMPLES;
      let prevX = x0;
      let prev = diff(x0);
      for (let i = 1; i <= SAMPLES; i++) {
        const x = x0 + i * step;
        const d = diff(x);
        if (Number.isFinite(prev) && Number.isFinite(d)) {
          if (d === 0) push(found, a, b, x, at(f, x));
          else if (prev !== 0 && Math.sign(prev) !== Math.sign(d)) {
            let lo = prevX;
            let hi = x;
            for (let k = 0; k < 60; k++) {
              const mid = (lo + hi) / 2;
              if (Math.sign(diff(mid)) === Math.sign(diff(lo))) lo = mid;
              else hi = mid;
            }
            const root = (lo + hi) / 2;
            if (Math.abs(diff(root)) < 1e-6 * Math.max(1, Math.abs(at(f, root)))) push(found, a, b, root, at(f, root));
          }
        }
        prevX = x;
        prev = d;
      }
    }
  }
  return found;
}

function push(list: Intersection[], a: number, b: number, x: number, y: number) {
  if (list.some((p) => p.a === a && p.b === b && Math.abs(p.x - x) < 1e-6)) return;
  list.push({ a, b, x, y });
}

/** A coordinate as shown to people: three decimals at most, no "-0". */
export const coordinate = (v: number): string => {
  const r = Math.round(v * 1000) / 1000;
  return String(Object.is(r, -0) ? 0 : r);
};
