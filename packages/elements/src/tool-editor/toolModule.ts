import type { ComponentType } from 'react';
export type ToolId = 'mindMap' | 'gameTemplate' | 'whiteboard' | 'PINYIN' | 'FLTG' | 'FUNCTION' | 'ELECTRONIC_COURSE';
/** A tool's document: JSON-serialisable; what is saved as the resource's dataUrl file (application/json). */
export type ToolDocument = { tool: ToolId; version: 1; data: unknown };
export interface ToolProps {
  /** The document to show (a new tool gets `undefined` and starts from its own empty document). */
  doc: ToolDocument | undefined;
  mode: 'edit' | 'view';
  /** Every user change: the whole new document. The editor keeps undo/redo stacks of these. */
  onChange(doc: ToolDocument): void;
  /** A problem the user must see (e.g. a bad formula), in the current locale. */
  onError(message: string): void;
  locale: 'zh-CN' | 'en';
  /** Nodes of the curriculum, for tools that build from a chapter (mind map, e-textbook). */
  node?: { nodeId: string; nodeLabel: string; businessBookId?: string; businessEditionId?: string };
}
export type ExportFormat = 'png' | 'svg' | 'json' | 'md';
export interface ToolHandle {
  /** Makes the file of one format (each of `formats`). */
  exportAs?(format: ExportFormat): Promise<Blob>;
  /** The formats `exportAs` makes, e.g. ['svg','png','json']: the editor's 导出 menu offers these (JSON, the document, always). */
  formats?: readonly ExportFormat[];
}
export interface ToolModule {
  id: ToolId;
  /** zh-CN / en titles. */
  title: { 'zh-CN': string; en: string };
  Component: ComponentType<ToolProps & { handle?: (h: ToolHandle) => void }>;
  /** Validates a loaded document; a message (Chinese) when it is not one of this tool's documents. */
  check(doc: unknown): string | undefined;
}
