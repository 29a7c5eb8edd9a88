// Serves the server's demo media (packages/server/seed/media) to browser tests at /seed-media/, with
// byte ranges, as a media server would: Chromium seeks in a video by asking for ranges.
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';

const TYPES = { '.mp4': 'video/mp4', '.mpg': 'video/mpeg', '.vtt': 'text/vtt; charset=utf-8', '.jpg': 'image/jpeg', '.webm': 'video/webm' };

export function seedMedia({ repoRoot, prefix = '/seed-media/' }) {
  const dir = path.join(repoRoot, 'packages/server/seed/media');
  return async function seedMediaMiddleware(ctx, next) {
    if (!ctx.path.startsWith(prefix)) return next();
    const name = path.basename(decodeURIComponent(ctx.path.slice(prefix.length)));
    const file = path.join(dir, name);
    let size;
    try {
      size = statSync(file).size;
    } catch {
      return next();
    }
    ctx.set('Accept-Ranges', 'bytes');
    ctx.type = TYPES[path.extname(name)] ?? 'application/octet-stream';
    const range = /^bytes=(\d*)-(\d*)$/.exec(ctx.get('range'));
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) {
        ctx.status = 416;
        ctx.set('Content-Range', `bytes */${size}`);
        return;
      }
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
      ctx.length = end - start + 1;
      ctx.body = createReadStream(file, { start, end });
      return;
    }
    ctx.status = 200;
    ctx.length = size;
    ctx.body = createReadStream(file);
  };
}
