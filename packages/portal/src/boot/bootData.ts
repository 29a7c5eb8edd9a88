import type { CarouselSlide } from '../api/lessons';
import type { ImageSource } from '@dscloud/sdk/files';

/**
 * What the server wrote into index.html for the first screen (packages/server/src/static/portalIndex.ts):
 * the platform's name and the home carousel a guest sees, and the files of the screens loaded early. Read once; the home slides serve the first
 * home screen of a guest's page load only (later visits ask the API, which may know newer slides).
 */
export interface BootData {
  platformName?: string;
  /** The platform's English name, shown when the visitor chose English. */
  platformNameEn?: string;
  homeSlides?: CarouselSlide[];
  /** The first slide's AVIF and WebP sources, best first (the start script preloads the first). */
  homeArtSources?: ImageSource[];
  /** The files of the screens the start script loads early, by route key (`learn`, `courseDetail`). */
  routeChunks?: Record<string, { js: string[]; css: string[] }>;
}

let data: BootData | undefined;
let slidesUsed = false;

export function bootData(doc: Document = document): BootData {
  if (data) return data;
  try {
    const parsed: unknown = JSON.parse(doc.getElementById('ds-boot-data')?.textContent || '{}');
    data = parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    data = {};
  }
  return data;
}

/** The home carousel of the page, while the page's first home screen has not used it (guests only). */
export function bootHomeSlides(signedIn: boolean): CarouselSlide[] | null {
  if (signedIn || slidesUsed) return null;
  const slides = bootData().homeSlides;
  return Array.isArray(slides) && slides.length > 0 ? slides : null;
}

/** The first home screen has shown the page's slides: later ones ask the API. */
export function markBootSlidesUsed(): void {
  slidesUsed = true;
}

/** For tests: forget what was read. */
export function resetBootData(): void {
  data = undefined;
  slidesUsed = false;
}
