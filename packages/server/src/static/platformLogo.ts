/**
 * The default platform logo, drawn once at start (an open book on a blue badge) so the server needs
 * no binary assets. A bureau replaces it by dropping `DATA_DIR/platformLogo/<areaCode>.png`.
 */
import { PNG } from 'pngjs';

const W = 240;
const H = 64;

function insideRoundedRect(x: number, y: number, r: number): boolean {
  const cx = x < r ? r : x > W - 1 - r ? W - 1 - r : x;
  const cy = y < r ? r : y > H - 1 - r ? H - 1 - r : y;
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function inBook(x: number, y: number): boolean {
  // Two pages meeting at a spine, each slightly curved.
  const spine = 32;
  const dx = Math.abs(x - spine);
  if (dx > 20 || dx < 1.5) return false;
  const top = 16 + (dx * dx) / 80;
  return y >= top && y <= top + 30;
}

function inWordmark(x: number, y: number): boolean {
  // Three bars standing for the platform name; real names come from common.platform.name.
  if (x < 64 || x > 220) return false;
  if (y >= 18 && y <= 28) return x <= 200;
  if (y >= 36 && y <= 40) return x <= 170;
  return y >= 46 && y <= 50 && x <= 140;
}

export function drawDefaultLogo(): Buffer {
  const png = new PNG({ width: W, height: H });
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 4;
      if (!insideRoundedRect(x, y, 12)) {
        png.data[o + 3] = 0;
        continue;
      }
      const t = x / W;
      const white = inBook(x, y) || inWordmark(x, y);
      png.data[o] = white ? 255 : Math.round(22 + 20 * t);
      png.data[o + 1] = white ? 255 : Math.round(119 + 40 * t);
      png.data[o + 2] = white ? 255 : Math.round(255 - 30 * t);
      png.data[o + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
