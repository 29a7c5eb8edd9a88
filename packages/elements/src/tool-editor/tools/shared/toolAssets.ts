/**
 * Where the tools' static files are served (hanzi-writer's stroke data, Excalidraw's fonts): never a CDN.
 * The build puts them in `tool-assets/` beside the element bundle's `chunks/` folder (dist/tool-assets/,
 * served at /elements/tool-assets/); a host that serves them elsewhere sets `window.__DS_TOOL_ASSETS__`.
 */
export function toolAssetBase(): string {
  const configured = (globalThis as { __DS_TOOL_ASSETS__?: string }).__DS_TOOL_ASSETS__;
  const base = configured ?? new URL('../tool-assets/', import.meta.url).href;
  return base.endsWith('/') ? base : `${base}/`;
}

export const toolAssetUrl = (path: string): string => new URL(path, new URL(toolAssetBase(), document.baseURI)).href;
