// The tools' static files, served from our own origin (never a CDN): hanzi-writer's stroke data (one
// JSON per character, Arphic Public License) and Excalidraw's fonts (incl. Xiaolai, its CJK hand font,
// split by unicode-range so a page loads only the subsets it draws). The build writes them to
// packages/elements/dist/tool-assets/; the element tests serve them from node_modules.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** A package's folder as npm installed it (in the elements' own node_modules or hoisted to the root). */
const packageDir = (name) =>
  [path.join(root, 'packages/elements/node_modules', name), path.join(root, 'node_modules', name)].find((dir) => existsSync(path.join(dir, 'package.json'))) ??
  (() => {
    throw new Error(`tool assets: ${name} is not installed (npm install)`);
  })();

/** Served prefix (under tool-assets/) → the folder it comes from, and which files. */
export function toolAssetFolders() {
  const hanzi = packageDir('hanzi-writer-data');
  const excalidraw = packageDir('@excalidraw/excalidraw');
  return [
    { prefix: 'hanzi/', dir: hanzi, match: (name) => name.endsWith('.json') && name !== 'package.json' },
    { prefix: 'excalidraw/fonts/', dir: path.join(excalidraw, 'dist/prod/fonts'), match: (name) => name.endsWith('.woff2') },
    // Its stylesheet, linked inside the tool (a shadow root does not see the page's stylesheets).
    { prefix: 'excalidraw/', dir: path.join(excalidraw, 'dist/prod'), match: (name) => name === 'index.css', flat: true },
  ];
}

function* walk(dir, rel = '') {
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const name = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) yield* walk(dir, name);
    else yield name;
  }
}

/** Rollup: emits every tool asset as a file of the bundle (so the build's stale-file pruning keeps them). */
export function toolAssets() {
  return {
    name: 'ds-tool-assets',
    generateBundle() {
      for (const { prefix, dir, match, flat } of toolAssetFolders()) {
        for (const name of flat ? readdirSync(dir) : walk(dir)) {
          if (match(path.posix.basename(name))) this.emitFile({ type: 'asset', fileName: `tool-assets/${prefix}${name}`, source: readFileSync(path.join(dir, name)) });
        }
      }
    },
  };
}

const CDN_START = '`https://esm.sh/';
const CDN_END = '/dist/prod/`';
/** Our own copy instead: the asset path the whiteboard sets before Excalidraw loads (an absolute URL). */
const OWN_COPY = '(typeof window.EXCALIDRAW_ASSET_PATH=="string"?window.EXCALIDRAW_ASSET_PATH:location.origin+"/")';

/**
 * Rollup/Vite: Excalidraw 0.18 gives every font a second source on esm.sh (its `ASSETS_FALLBACK_URL`),
 * and browsers fetch it (a page with a CSP logs violations; a page without one sends requests to another
 * host). The fallback becomes our own copy, so no font request leaves the server that serves the tools.
 */
export function excalidrawOwnFonts() {
  return {
    name: 'ds-excalidraw-own-fonts',
    transform(code, id) {
      if (!id.includes('@excalidraw') || !code.includes('ASSETS_FALLBACK_URL')) return null;
      const start = code.indexOf(CDN_START);
      const end = start < 0 ? -1 : code.indexOf(CDN_END, start);
      if (end < 0) throw new Error(`excalidrawOwnFonts: Excalidraw's font fallback URL not found in ${id} (a new Excalidraw version?)`);
      return { code: code.slice(0, start) + OWN_COPY + code.slice(end + CDN_END.length), map: null };
    },
  };
}
