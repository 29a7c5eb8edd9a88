/** The answer shape of a whiteboard resource (`WhiteboardResource` of @dscloud/sdk/tools). */
import type { BusinessType, ToolId, WhiteboardResource } from '@dscloud/sdk/tools';
import type { WhiteboardRow } from './whiteboardRepo.js';

/** Where the file service serves a stored file to its owner (`/file/v1/file/download/{id}`). */
export const downloadPath = (fileInfoId: number) => `/file/v1/file/download/${fileInfoId}`;

export function toResource(r: WhiteboardRow): WhiteboardResource {
  const node =
    r.nodeId !== null
      ? {
          nodeId: r.nodeId,
          nodeLabel: r.nodeLabel ?? '',
          businessBookId: r.businessBookId ?? '',
          businessBookLabel: r.businessBookLabel ?? '',
          businessEditionId: r.businessEditionId ?? '',
        }
      : {};
  return {
    businessWhiteboardResourceId: r.id,
    dataType: 'FILE',
    resourceType: 'WHITE_BOARD',
    businessType: r.businessType as BusinessType,
    tool: r.tool as ToolId,
    title: r.title,
    dataUrl: downloadPath(r.fileInfoId),
    fileInfoId: String(r.fileInfoId),
    dataSize: r.dataSize,
    ownerId: r.ownerId,
    ownerName: r.ownerName,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
    version: r.version,
    ...node,
  };
}
