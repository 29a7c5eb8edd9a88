// Not a literal inside `new URL(…, import.meta.url)`: bundlers (Vite) would take it for a file to bundle.
const BESIDE_CHUNKS = '../tool-assets/';

/**
 * Where the tools' static files are served (hanzi-writer's stroke data, Excalidraw's fonts): never a CDN.
 * The build puts them in `tool-assets/` beside the element bundle's `chunks/` folder (dist/tool-assets/,
 * served at /elements/tool-assets/); a host that bundles the tools itself (the portal) or serves the files
 * elsewhere sets `window.__DS_TOOL_ASSETS__` (e.g. '/elements/tool-assets/').
 */
export function toolAssetBase(): string {
  const configured = (globalThis as { __DS_TOOL_ASSETS__?: string }).__DS_TOOL_ASSETS__;
  const base = configured ?? new URL(BESIDE_CHUNKS, import.meta.url).href;
  return base.endsWith('/') ? base : `${base}/`;
}

export const toolAssetUrl = (path: string): string => new URL(path, new URL(toolAssetBase(), document.baseURI)).href;
