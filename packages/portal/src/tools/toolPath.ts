import type { ToolId } from '@dscloud/sdk/tools';

/** The path of the editor for a document (`new` for a new one), optionally for a lesson's node. */
export const toolPath = (tool: ToolId, resourceId = 'new', node?: { nodeId: string; nodeLabel: string }) =>
  `/my-tools/${tool}/${encodeURIComponent(resourceId)}${node ? `?nodeId=${encodeURIComponent(node.nodeId)}&nodeLabel=${encodeURIComponent(node.nodeLabel)}` : ''}`;
