// Serves the tools' static files (hanzi stroke data, Excalidraw fonts) at /tool-assets/, as the built
// element does beside its chunks (scripts/tool-assets.mjs).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toolAssetFolders } from '../../../scripts/tool-assets.mjs';

export function toolAssetsServe({ prefix = '/tool-assets/' } = {}) {
  const folders = toolAssetFolders();
  return async function toolAssetsMiddleware(ctx, next) {
    if (!ctx.path.startsWith(prefix)) return next();
    const rel = decodeURIComponent(ctx.path.slice(prefix.length));
    const folder = folders.find((f) => rel.startsWith(f.prefix) && f.match(path.basename(rel)));
    const name = folder && path.normalize(rel.slice(folder.prefix.length));
    if (!folder || !name || name.startsWith('..') || !folder.match(path.basename(name)) || (folder.flat && name.includes('/'))) return next();
    const file = path.join(folder.dir, name);
    if (!existsSync(file)) return next();
    ctx.type = name.endsWith('.json') ? 'application/json' : name.endsWith('.css') ? 'text/css' : 'font/woff2';
    ctx.body = readFileSync(file);
  };
}
