/**
 * What makes a tool document acceptable, once for the server (which refuses) and the editor (which
 * checks before uploading): at most 5 MB of JSON, shaped `{ tool, version: 1, data }`, of the tool the
 * resource is for. Pure: no I/O.
 */
import { Codes } from '../errors/catalogue.js';
import { TOOL_TITLES, isToolId, type ToolDocument, type ToolId } from './types.js';

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export interface DocumentProblem {
  code: number;
  message: string;
}

/** Parses and checks a document's text (`bytes`: its UTF-8 length). */
export function checkDocumentText(text: string, bytes: number, tool: ToolId): { doc: ToolDocument } | { problem: DocumentProblem } {
  if (bytes > MAX_DOCUMENT_BYTES) {
    return { problem: { code: Codes.TOOL_DOCUMENT_TOO_LARGE, message: `工具文档不能超过 5 MB（当前 ${(bytes / 1024 / 1024).toFixed(1)} MB）` } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { problem: { code: Codes.TOOL_DOCUMENT_NOT_JSON, message: `工具文档不是有效的 JSON：${(err as Error).message}` } };
  }
  return checkDocument(parsed, tool);
}

export function checkDocument(parsed: unknown, tool: ToolId): { doc: ToolDocument } | { problem: DocumentProblem } {
  const doc = parsed as Partial<ToolDocument> | null;
  if (!doc || typeof doc !== 'object' || Array.isArray(doc) || !('data' in doc) || doc.version !== 1 || !isToolId(doc.tool)) {
    return { problem: { code: Codes.TOOL_DOCUMENT_WRONG_TOOL, message: '工具文档格式不对：需要 { tool, version: 1, data }' } };
  }
  if (doc.tool !== tool) {
    return {
      problem: {
        code: Codes.TOOL_DOCUMENT_WRONG_TOOL,
        message: `工具文档属于“${TOOL_TITLES[doc.tool]['zh-CN']}”，不能保存为“${TOOL_TITLES[tool]['zh-CN']}”`,
      },
    };
  }
  return { doc: doc as ToolDocument };
}
