import { toolAssetUrl } from './toolAssets.js';

type CharData = { strokes: string[]; medians: number[][][] };
const cache = new Map<string, Promise<CharData>>();

/**
 * hanzi-writer's stroke data for one character, fetched from our own server (hanzi-writer-data, one
 * JSON file per character, Arphic Public License) and kept for the page's life.
 */
export function loadCharData(char: string): Promise<CharData> {
  let entry = cache.get(char);
  if (!entry) {
    entry = fetch(toolAssetUrl(`hanzi/${encodeURIComponent(char)}.json`)).then((r) => {
      if (!r.ok) throw new Error(`没有「${char}」的笔顺数据（${r.status}）`);
      return r.json() as Promise<CharData>;
    });
    entry.catch(() => cache.delete(char));
    cache.set(char, entry);
  }
  return entry;
}

/** The loader in hanzi-writer's callback shape. */
export const charDataLoader = (char: string, onLoad: (d: CharData) => void, onError: (e: unknown) => void): void => {
  loadCharData(char).then(onLoad, onError);
};
