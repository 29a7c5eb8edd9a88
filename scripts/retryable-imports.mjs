// A lazy part whose fetch failed (offline at first use) must load when asked again. Browsers that
// follow the HTML spec as it stood until 2025 (Chromium before 156, among others) keep a failed module
// fetch in the page's module map, so `import('./part.js')` fails again at once without a request, and
// the 重试 button or the `online` event of a lazy part could never bring it in. This rollup/rolldown
// plugin rewrites every relative dynamic import of a chunk that browsers load directly (the standalone
// elements and the portal) into `__dsImport(import.meta.url, './part.js')`: the first call imports the
// plain URL; after a failed fetch the next call asks for `part.js?retry=N`, which no module map has
// seen. A part that loaded is never imported under a second URL, so each module still runs once.
//
// Not for builds that another bundler consumes (the SDK and the React-peer elements): a host's bundler
// must still see the dynamic imports to emit those chunks, and loads them its own way.
import MagicString from 'magic-string';

const DYNAMIC_IMPORT = /\bimport\((["'`])(\.{1,2}\/[^"'`$\\]+)\1\)/g;

// One table per page (on globalThis), keyed by absolute URL: every bundle on the page shares it.
const HELPER =
  'const __dsImport=(b,s)=>{const u=new URL(s,b).href,f=globalThis.__dsFailedImports??=new Map,n=f.get(u);' +
  'return import(n?`${u}?retry=${n}`:u).catch(e=>{f.set(u,(n??0)+1);throw e})};\n';

/** The chunk with its relative dynamic imports rewritten, or null when it has none. */
function rewrite(code) {
  if (!code.includes('import(')) return null;
  const out = new MagicString(code);
  let changed = false;
  for (const match of code.matchAll(DYNAMIC_IMPORT)) {
    const [whole, quote, spec] = match;
    out.overwrite(match.index, match.index + whole.length, `__dsImport(import.meta.url,${quote}${spec}${quote})`);
    changed = true;
  }
  if (!changed) return null;
  out.prepend(HELPER);
  return out;
}

/**
 * `renderChunk` (rollup): before the minifier, with source maps. `{ late: true }` (Vite): Vite finds a
 * lazy screen's stylesheets and preloads by reading `import()` in the rendered chunks, so the rewrite
 * waits for the finished bundle (Vite's portal build writes no source maps).
 */
export function retryableImports({ late = false } = {}) {
  if (late) {
    return {
      name: 'ds-retryable-imports',
      enforce: 'post',
      generateBundle: {
        order: 'post',
        handler(_options, bundle) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type !== 'chunk') continue;
            const out = rewrite(chunk.code);
            if (out) chunk.code = out.toString();
          }
        },
      },
    };
  }
  return {
    name: 'ds-retryable-imports',
    renderChunk(code) {
      const out = rewrite(code);
      return out && { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
