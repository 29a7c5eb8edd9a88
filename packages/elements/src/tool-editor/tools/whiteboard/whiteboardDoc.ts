import { WHITEBOARD_BACKGROUND } from '../shared/documentPalette.js';
import { checkEnvelope } from '../shared/useToolDoc.js';

/** The saved scene: Excalidraw's elements, the part of its app state worth keeping, and embedded images. */
export interface WhiteboardData {
  elements: unknown[];
  appState: Record<string, unknown>;
  files: Record<string, unknown>;
}

export const emptyWhiteboardData = (): WhiteboardData => ({ elements: [], appState: { viewBackgroundColor: WHITEBOARD_BACKGROUND }, files: {} });

export function checkWhiteboardDoc(doc: unknown): string | undefined {
  const env = checkEnvelope(doc, 'whiteboard');
  if (typeof env === 'string') return env;
  const d = env.data as Partial<WhiteboardData>;
  if (!Array.isArray(d.elements) || d.elements.some((e) => !e || typeof e !== 'object' || typeof (e as { type?: unknown }).type !== 'string')) return '白板文档有误：elements 应为图形列表';
  if (!d.appState || typeof d.appState !== 'object') return '白板文档有误：缺少 appState';
  if (!d.files || typeof d.files !== 'object') return '白板文档有误：缺少 files';
  return undefined;
}
