import type { ToolDocument, ToolId } from './toolModule.js';

export interface ToolNode {
  nodeId: string;
  nodeLabel: string;
  businessBookId?: string;
  businessEditionId?: string;
}

/** `ds-tool-save`: the document is stored (a new resource or a new version). */
export interface ToolSaveDetail {
  resourceId: string;
  tool: ToolId;
  version: number;
  node: ToolNode | null;
}

/** `ds-tool-change`: the user changed the document (not yet saved). */
export interface ToolChangeDetail {
  tool: ToolId;
  resourceId: string | null;
  doc: ToolDocument;
}

/** `ds-tool-error`: something the user must know went wrong (a load, a save, a tool's own check). */
export interface ToolErrorDetail {
  tool: string;
  code: number | null;
  message: string;
}
