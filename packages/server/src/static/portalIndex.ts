/**
 * The portal's `index.html` as the server hands it out: the built file with the first screen's data
 * written in (docs/performance.md, "First paint"). The page's first screen is static HTML, shown before
 * the portal's scripts run; for the home route it shows the banner's first slide, whose address only
 * the server knows. So the server fills `<script type="application/json" id="ds-boot-data">` with what
 * a guest's home screen asks for first — the platform's name and the home carousel a guest sees — and
 * the portal's inline start script reads it (as does the home screen, which then skips that round trip).
 *
 * The carousel rows are kept in memory and dropped when the `carousel_images` table changes (migration
 * 0101 tells every server over the database, cache/invalidationBus.ts); while the bus is down nothing is
 * kept. The image addresses are made at each page load (stored files have signed, expiring addresses).
 *
 * For /learn and a lesson the start script also preloads the screen's own files before the entry script
 * asks for them: the portal's build lists them by route in `boot-routes.json` (vite.config.ts), which is
 * passed on as `routeChunks` (docs/performance.md, "Early data").
 *
 * The page's inline scripts run under the CSP's `script-src` by their SHA-256 hashes, computed here from
 * the file as it is served (the data block is not a script a browser runs and needs none).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.js';
import { CarouselRepo, type SlideRow } from '../carousel/carouselRepo.js';
import { toSlide } from '../carousel/carouselView.js';
import { BANNER_WIDTHS, imageSources, type ImageSource } from '@dscloud/sdk/files';

export const BOOT_DATA_ID = 'ds-boot-data';
const BOOT_BLOCK = new RegExp(`(<script type="application/json" id="${BOOT_DATA_ID}">)[^<]*(</script>)`);
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
const HOME_GROUP = 'home';
/** What a guest's home banner needs of a slide (the API's slide, less the back-office fields). */
const SLIDE_FIELDS = ['carouselImageId', 'key', 'title', 'subtitle', 'titleEn', 'subtitleEn', 'imageUrl', 'target'] as const;

export interface BootData {
  platformName: string;
  /** The platform's English name (`common.platform.nameEn`), shown when the visitor chose English. */
  platformNameEn: string;
  homeSlides: Record<(typeof SLIDE_FIELDS)[number], unknown>[];
  /**
   * The first slide's AVIF and WebP sources, as the portal's banner writes them (the same addresses,
   * so the picture the first screen fetches is the one the banner shows, fetched once).
   */
  homeArtSources: ImageSource[];
  /** The files of the screens the start script loads early, by route key (`learn`, `courseDetail`). */
  routeChunks: RouteChunks;
}

export type RouteChunks = Record<string, { js: string[]; css: string[] }>;

/** A built file's own address (`assets/x.js`): nothing that leaves the portal's folder or the origin. */
const ASSET_PATH = /^[\w.-]+(\/[\w.-]+)*$/;

/** `boot-routes.json` as the build wrote it, kept to well-formed entries; empty when absent or unreadable. */
export function readRouteChunks(text: string): RouteChunks {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  const out: RouteChunks = {};
  if (!parsed || typeof parsed !== 'object') return out;
  const files = (list: unknown) => (Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && ASSET_PATH.test(f) && !f.split('/').includes('..')) : []);
  for (const [key, value] of Object.entries(parsed)) {
    if (!/^\w+$/.test(key) || !value || typeof value !== 'object') continue;
    const { js, css } = value as { js?: unknown; css?: unknown };
    out[key] = { js: files(js), css: files(css) };
  }
  return out;
}

export interface PortalPage {
  html: string;
  /** `'sha256-…'` sources for the CSP's script-src, one per inline script the page runs. */
  scriptHashes: string[];
}

/** The hashes of the inline scripts a browser runs (no `src`, and not a data block). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * JSON safe inside a `<script>` element: `<`, `>`, `&` and the two line separators JavaScript once
 * refused are written as `\u` escapes, so no value can close the element or open a comment.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Adds the page's inline-script hashes to the `script-src` of a CSP header (the rest untouched). */
export function withScriptHashes(csp: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return csp;
  return csp.replace(/(^|;)(\s*script-src)([^;]*)/i, (_all, start: string, name: string, sources: string) => `${start}${name}${sources} ${hashes.join(' ')}`);
}

export function portalIndex(ctx: AppContext) {
  const file = path.join(ctx.settings.portalDir, 'index.html');
  const routesFile = path.join(ctx.settings.portalDir, 'boot-routes.json');
  const repo = new CarouselRepo(ctx.db.orm);
  let built: { mtimeMs: number; size: number; html: string; scriptHashes: string[] } | null = null;
  let slides: Promise<SlideRow[]> | null = null;
  let routes: { mtimeMs: number; size: number; chunks: RouteChunks } | null = null;
  const drop = () => {
    slides = null;
  };
  ctx.bus.subscribe('carousel', drop);
  ctx.bus.onReset(drop);

  async function template() {
    const info = await stat(file);
    if (!built || built.mtimeMs !== info.mtimeMs || built.size !== info.size) {
      const html = await readFile(file, 'utf8');
      built = { mtimeMs: info.mtimeMs, size: info.size, html, scriptHashes: inlineScriptHashes(html) };
    }
    return built;
  }

  async function routeChunks(): Promise<RouteChunks> {
    try {
      const info = await stat(routesFile);
      if (!routes || routes.mtimeMs !== info.mtimeMs || routes.size !== info.size) {
        routes = { mtimeMs: info.mtimeMs, size: info.size, chunks: readRouteChunks(await readFile(routesFile, 'utf8')) };
      }
      return routes.chunks;
    } catch {
      return {};
    }
  }

  async function guestSlides(): Promise<SlideRow[]> {
    // Kept only while every change is sure to reach this process.
    if (!ctx.bus.live) return repo.group(HOME_GROUP, ['all'], []);
    const pending = (slides ??= repo.group(HOME_GROUP, ['all'], []));
    try {
      return await pending;
    } catch (error) {
      if (slides === pending) slides = null;
      throw error;
    }
  }

  async function bootData(): Promise<BootData> {
    const [rows, platformName, platformNameEn, chunks] = await Promise.all([
      guestSlides(),
      ctx.config.value('common.platform.name'),
      ctx.config.value('common.platform.nameEn'),
      routeChunks(),
    ]);
    const homeSlides = rows.map((row) => {
      const slide = toSlide(row, null, ctx.media.url);
      return Object.fromEntries(SLIDE_FIELDS.map((field) => [field, slide[field]])) as BootData['homeSlides'][number];
    });
    const firstArt = homeSlides[0]?.imageUrl;
    return {
      platformName: platformName ?? '',
      platformNameEn: platformNameEn ?? '',
      homeSlides,
      homeArtSources: typeof firstArt === 'string' && firstArt ? imageSources(firstArt, BANNER_WIDTHS) : [],
      routeChunks: chunks,
    };
  }

  return {
    file,
    bootData,
    /** The page with its data written in; a page whose data cannot be had is served without (the portal asks the API). */
    async render(): Promise<PortalPage> {
      const page = await template();
      if (!BOOT_BLOCK.test(page.html)) return { html: page.html, scriptHashes: page.scriptHashes };
      const data = await bootData().catch(() => null);
      if (!data) return { html: page.html, scriptHashes: page.scriptHashes };
      const html = page.html.replace(BOOT_BLOCK, (_all, open: string, close: string) => `${open}${scriptJson(data)}${close}`);
      return { html, scriptHashes: page.scriptHashes };
    },
  };
}
