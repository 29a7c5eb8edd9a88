import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToolDocument, ToolId } from '../../toolModule.js';

/**
 * A tool's own copy of its document: starts from `doc` (or the tool's empty document), follows the host
 * when it hands over another one (undo, redo, reopen), and reports every change as a whole new document.
 */
export function useToolDoc<D>(tool: ToolId, doc: ToolDocument | undefined, empty: () => D, onChange: (doc: ToolDocument) => void) {
  const [data, setData] = useState<D>(() => (doc ? (doc.data as D) : empty()));
  // The latest document, for callbacks: set wherever `data` is set (never during render).
  const current = useRef(data);
  useEffect(() => {
    if (doc && JSON.stringify(doc.data) !== JSON.stringify(current.current)) {
      current.current = doc.data as D;
      setData(doc.data as D);
    }
  }, [doc]);
  const update = useCallback(
    (next: D | ((d: D) => D)) => {
      const value = typeof next === 'function' ? (next as (d: D) => D)(current.current) : next;
      current.current = value;
      setData(value);
      onChange({ tool, version: 1, data: value });
    },
    [tool, onChange],
  );
  /** Takes the library's normal form of the same document (e.g. on first render) without reporting a change. */
  const adopt = useCallback((value: D) => {
    current.current = value;
    setData(value);
  }, []);
  const toDocument = useCallback((): ToolDocument => ({ tool, version: 1, data: current.current }), [tool]);
  return { data, update, adopt, toDocument };
}

/** The document as the JSON file that is saved (and exported). */
export const jsonBlob = (doc: ToolDocument): Blob => new Blob([JSON.stringify(doc)], { type: 'application/json' });

/** The common part of every tool's `check`: an object of this tool, version 1, with data. */
export function checkEnvelope(doc: unknown, tool: ToolId): { data: Record<string, unknown> } | string {
  if (!doc || typeof doc !== 'object') return '文档格式错误：不是 JSON 对象';
  const d = doc as Partial<ToolDocument>;
  if (d.tool !== tool) return `文档不属于此工具：应为 ${tool}，实为 ${String(d.tool)}`;
  if (d.version !== 1) return `文档版本不受支持：${String(d.version)}`;
  if (!d.data || typeof d.data !== 'object') return '文档缺少内容（data）';
  return { data: d.data as Record<string, unknown> };
}
