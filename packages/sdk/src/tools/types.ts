/**
 * Tool documents saved as whiteboard resources (spec §3 "Whiteboard resource", "E-textbook node
 * selection", §7 whiteboardResource, §9 tool types). The server answers with these shapes and checks
 * against them; `<ds-tool-editor>` and the portal read them.
 */

/** The tools of `<ds-tool-editor>` (spec §9; "other" is not a tool one can open). */
export const TOOL_IDS = ['mindMap', 'gameTemplate', 'whiteboard', 'PINYIN', 'FLTG', 'FUNCTION', 'ELECTRONIC_COURSE'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

export const isToolId = (value: unknown): value is ToolId => typeof value === 'string' && (TOOL_IDS as readonly string[]).includes(value);

/** Chinese and English names of the tools, for lists and messages. */
export const TOOL_TITLES: Record<ToolId, { 'zh-CN': string; en: string }> = {
  mindMap: { 'zh-CN': '思维导图', en: 'Mind map' },
  gameTemplate: { 'zh-CN': '游戏模板', en: 'Game templates' },
  whiteboard: { 'zh-CN': '白板', en: 'Whiteboard' },
  PINYIN: { 'zh-CN': '拼音', en: 'Pinyin' },
  FLTG: { 'zh-CN': '四线三格/田字格', en: 'Writing grids' },
  FUNCTION: { 'zh-CN': '函数图像', en: 'Function graph' },
  ELECTRONIC_COURSE: { 'zh-CN': '电子课本', en: 'E-textbook' },
};

/** businessType of a resource (spec §3: MIND_MAPPING, GAME_TEMPLATE or the tool id). */
export type BusinessType = 'MIND_MAPPING' | 'GAME_TEMPLATE' | Exclude<ToolId, 'mindMap' | 'gameTemplate'>;

export function businessTypeOf(tool: ToolId): BusinessType {
  if (tool === 'mindMap') return 'MIND_MAPPING';
  if (tool === 'gameTemplate') return 'GAME_TEMPLATE';
  return tool;
}

export function toolOfBusinessType(type: string): ToolId | undefined {
  if (type === 'MIND_MAPPING') return 'mindMap';
  if (type === 'GAME_TEMPLATE') return 'gameTemplate';
  return isToolId(type) && type !== 'mindMap' && type !== 'gameTemplate' ? type : undefined;
}

/** A tool's document: what the resource's dataUrl file holds (application/json). */
export interface ToolDocument {
  tool: ToolId;
  version: 1;
  data: unknown;
}

/** The e-textbook node a document belongs to (spec §3 "E-textbook node selection"). */
export interface NodeSelection {
  businessEditionId: string;
  businessBookId: string;
  businessBookLabel: string;
  nodeLabel: string;
  nodeId: string;
}

export interface WhiteboardResource extends Partial<NodeSelection> {
  businessWhiteboardResourceId: string;
  dataType: 'FILE';
  resourceType: 'WHITE_BOARD';
  businessType: BusinessType;
  tool: ToolId;
  title: string;
  /** The stored document: the file service's download path of the JSON file. */
  dataUrl: string;
  fileInfoId: string;
  /** Bytes of the stored document. */
  dataSize: number;
  ownerId: string;
  ownerName: string;
  createTime: number;
  updateTime: number;
  /** Raised by every update; an update naming an older one is refused (409 with `data.current`). */
  version: number;
}

/** A document opened through its read-only link: the resource without its file's id and address. */
export type SharedWhiteboardResource = Omit<WhiteboardResource, 'dataUrl' | 'fileInfoId'> & { readOnly: true };

/** A read-only link the owner made: the token is shown once (only its hash is stored). */
export interface WhiteboardShare {
  shareToken: string;
  createTime: number;
}

/** POST: a new resource. The document is uploaded first (file service, tool-save mode): `fileInfoId`. */
export interface WhiteboardCreate extends Partial<NodeSelection> {
  tool: ToolId;
  title: string;
  fileInfoId: string;
}

/** PUT: an update of the version read. */
export interface WhiteboardUpdate extends Partial<NodeSelection> {
  businessWhiteboardResourceId: string;
  version: number;
  title?: string;
  fileInfoId?: string;
}

export interface WhiteboardQuery {
  pageNum?: number;
  pageSize?: number;
  tool?: ToolId;
  nodeId?: string;
  keyword?: string;
}

/** One level of the curriculum for the node picker: edition → book → chapter → node. */
export type StageLevel = 'edition' | 'book' | 'node';

export interface StageChild {
  id: string;
  label: string;
  level: StageLevel;
  /** No children below (a node without sub-nodes). */
  leaf: boolean;
  /** For a book and its nodes: the book and edition they belong to. */
  businessBookId?: string;
  businessBookLabel?: string;
  businessEditionId?: string;
  /** With `deep`: the whole subtree. */
  children?: StageChild[];
}

export interface StageChildrenQuery {
  /** Absent: the editions. */
  parentLevel?: StageLevel;
  parentId?: string;
  /** The whole subtree instead of one level (a chapter's node tree for a mind map). */
  deep?: boolean;
}
