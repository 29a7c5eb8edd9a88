/**
 * The tools `<ds-tool-editor>` can open, each a lazily loaded part: the element's first load carries
 * none of them. A tool whose folder is not there yet has no line (the editor says 该工具暂不可用).
 */
import type { ToolId, ToolModule } from './toolModule.js';

export const toolRegistry: Partial<Record<ToolId, () => Promise<{ default: ToolModule }>>> = {
  mindMap: () => import('./tools/mindMap/index.js'),
  ELECTRONIC_COURSE: () => import('./tools/ELECTRONIC_COURSE/index.js'),
  FUNCTION: () => import('./tools/FUNCTION/index.js'),
  PINYIN: () => import('./tools/PINYIN/index.js'),
  FLTG: () => import('./tools/FLTG/index.js'),
  whiteboard: () => import('./tools/whiteboard/index.js'),
  gameTemplate: () => import('./tools/gameTemplate/index.js'),
};

/** Loads a tool once per page; a failed load (offline) is tried again next time. */
const loading = new Map<ToolId, Promise<ToolModule>>();

export function loadTool(id: ToolId): Promise<ToolModule> | undefined {
  const load = toolRegistry[id];
  if (!load) return undefined;
  let promise = loading.get(id);
  if (!promise) {
    promise = load().then(
      (m) => m.default,
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, promise);
  }
  return promise;
}
