#!/usr/bin/env node
// The demo pictures' AVIF and WebP copies (docs/architecture.md "Picture variants"), committed beside
// them so that `npm start` encodes nothing: lesson covers at 320/640/960 px wide, banners at
// 768/1280/1920, never wider than the picture (a width above it is made at the picture's own width,
// and the server answers wider requests with it). Run after changing a seed picture:
//   node scripts/make-image-variants.mjs [folder…]   (lesson-videos, media, banners; all by default)
// Same encoder settings as the server's copies of uploaded pictures (packages/server/src/files/imageVariants.ts).
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const seed = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server/seed');
const COVER = [320, 640, 960];
const BANNER = [768, 1280, 1920];
const QUALITY = { avif: 60, webp: 80 };
// The banners folder also holds the activities' covers (`activity-*.jpg`), shown as covers.
const ladderOf = (file) => (file.startsWith('banner-') ? BANNER : COVER);

let made = 0;
let bytes = 0;
for (const folder of (process.argv.slice(2).length ? process.argv.slice(2) : ['lesson-videos', 'media', 'banners'])) {
  const dir = path.join(seed, folder);
  for (const file of readdirSync(dir).filter((f) => /^[A-Za-z0-9][A-Za-z0-9_-]*\.(jpg|png)$/.test(f)).sort()) {
    const source = path.join(dir, file);
    const ladder = ladderOf(file);
    const { width } = await sharp(source).metadata();
    const widths = [...new Set(ladder.map((w) => Math.min(w, width)))];
    const base = file.replace(/\.(jpg|png)$/, '');
    for (const w of widths) {
      for (const format of ['avif', 'webp']) {
        const image = sharp(source).resize({ width: w, withoutEnlargement: true });
        const out = await (format === 'avif' ? image.avif({ quality: QUALITY.avif, effort: 6 }) : image.webp({ quality: QUALITY.webp, effort: 6 })).toBuffer();
        writeFileSync(path.join(dir, `${base}.w${w}.${format}`), out);
        made += 1;
        bytes += out.length;
      }
    }
    process.stdout.write(`${folder}/${file}: ${widths.join(', ')} (source ${statSync(source).size} B)\n`);
  }
}
console.log(`${made} copies, ${(bytes / 1024).toFixed(0)} KiB`);
