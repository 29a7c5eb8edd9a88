import { dsElement, defineDsElement } from '../shared/defineDsElement.js';
import { ToolEditor } from './ToolEditor.js';
import type { ToolChangeDetail, ToolErrorDetail, ToolSaveDetail } from './toolEditorEvents.js';

/**
 * @summary A teaching tool (思维导图, 电子课本, …) around one document saved as a whiteboard resource: 保存 / 导出 / 撤销 / 重做, conflict choice, local draft.
 * @tag ds-tool-editor
 *
 * @attr {string} tool - `mindMap`, `gameTemplate`, `whiteboard`, `PINYIN`, `FLTG`, `FUNCTION` or `ELECTRONIC_COURSE`. A tool not in this build shows 该工具暂不可用.
 * @attr {string} resource-id - The whiteboard resource to open and edit. Absent: a new document (saved with POST; later saves PUT with the version read).
 * @attr {string} mode - `edit` (default) or `view` (read only).
 * @attr {string} share-token - A read-only link's token (`POST /business/v1/whiteboardResource/{id}/share`): opens that document in view mode for anyone, signed in or not; `resource-id` and `mode` are then ignored.
 * @attr {string} api-base - Platform origin. Default: the origin this script was loaded from.
 * @attr {string} node-id - The e-textbook node a new document belongs to (e.g. the lesson's node).
 * @attr {string} node-label - That node's name, for the tools that show it (mind map root).
 * @attr {string} message-origins - Exact origins (comma-separated) a host frame may post an e-textbook node selection from; the page's own origin always may. Messages from any other origin are ignored.
 * @attr {string} lang - `zh-CN` (default) or `en`.
 *
 * @prop {string} token - Token for the calls (property only, never an attribute). Default: the platform session's.
 * @prop {{ read(key: string): object | undefined, write(key: string, draft: object): void, clear(key: string): void }} draftStore - Where the local draft is kept (property only). Default: localStorage.
 *
 * @event {CustomEvent<{ resourceId: string, tool: string, version: number, node: object | null }>} ds-tool-save - The document was stored (a new resource, or a new version of it).
 * @event {CustomEvent<{ tool: string, resourceId: string | null, doc: object }>} ds-tool-change - The user changed the document; not saved yet (a local draft is).
 * @event {CustomEvent<{ tool: string, code: number | null, message: string }>} ds-tool-error - A load or save failed, or the tool refused an input; `message` is what the user was shown.
 *
 * @csspart base - Everything.
 * @csspart toolbar - The toolbar.
 * @csspart title - The title field.
 * @csspart save - 保存.
 * @csspart undo - 撤销.
 * @csspart redo - 重做.
 * @csspart export - 导出 (a select of formats).
 * @csspart status - 已保存 / 有未保存的修改.
 * @csspart conflict - The choice after another page saved first.
 * @csspart draft - The offer to restore a local draft.
 * @csspart problem - A failure message.
 * @csspart stage - The tool's area.
 * @csspart unavailable - 该工具暂不可用.
 * @csspart error - A document that could not be opened.
 *
 * @cssproperty --ds-color-primary - 保存 and the chosen actions.
 * @cssproperty --ds-color-text - Text colour.
 * @cssproperty --ds-color-surface - Background.
 * @cssproperty --ds-color-border - Borders.
 * @cssproperty --ds-color-danger - Failures.
 * @cssproperty --ds-color-focus - Focus ring.
 * @cssproperty --ds-font-family - Font.
 */
export class DsToolEditorElement extends dsElement(ToolEditor, {
  attributes: { tool: 'string', resourceId: 'string', shareToken: 'string', mode: 'string', apiBase: 'string', nodeId: 'string', nodeLabel: 'string', messageOrigins: 'string', lang: 'string' },
  properties: ['token', 'draftStore'],
  events: { onSave: 'ds-tool-save', onChange: 'ds-tool-change', onError: 'ds-tool-error' },
}) {}

defineDsElement('ds-tool-editor', DsToolEditorElement);

declare global {
  interface HTMLElementTagNameMap {
    'ds-tool-editor': DsToolEditorElement;
  }
  interface HTMLElementEventMap {
    'ds-tool-save': CustomEvent<ToolSaveDetail>;
    'ds-tool-change': CustomEvent<ToolChangeDetail>;
    'ds-tool-error': CustomEvent<ToolErrorDetail>;
  }
  interface DocumentEventMap {
    'ds-tool-save': CustomEvent<ToolSaveDetail>;
    'ds-tool-change': CustomEvent<ToolChangeDetail>;
    'ds-tool-error': CustomEvent<ToolErrorDetail>;
  }
}
