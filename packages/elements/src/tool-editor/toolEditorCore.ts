/**
 * The editor's lazy part: the shared platform core, the tools client and the upload engine. Loaded
 * after the toolbar is on screen (`useEditorCore`), so the element's first load is its own code only.
 * Nothing here may be imported statically by the element.
 *
 * A save uploads the document as a JSON file through the file service in the tool-save mode
 * (`toolSavePreset`: one file, three retries), then creates (POST, no id) or updates (PUT, with the
 * version read) the whiteboard resource naming it. A stale version comes back as `conflict` with the
 * resource as it now stands; the caller decides, never this module.
 */
import { Codes, DsError, HttpError } from '@dscloud/sdk/errors';
import type { Locale } from '@dscloud/sdk/i18n';
import { checkDocument, checkDocumentText, createToolsApi, type StageChild, type StageChildrenQuery, type ToolDocument, type ToolId, type WhiteboardResource } from '@dscloud/sdk/tools';
import { createMemoryResumeStore, createUploader, toolSavePreset } from '@dscloud/sdk/upload';
import type { Platform } from '../shared/platformRegistry.js';

export { getPlatform } from '../shared/platformRegistry.js';

export interface SaveRequest {
  tool: ToolId;
  doc: ToolDocument;
  title: string;
  /** The resource being edited and the version read; absent for a new document. */
  resource?: { id: string; version: number };
  nodeId?: string;
}

export type SaveResult = { kind: 'saved'; resource: WhiteboardResource } | { kind: 'conflict'; current: WhiteboardResource };

export interface EditorSource {
  open(id: string, signal: AbortSignal): Promise<{ resource: WhiteboardResource; doc: ToolDocument }>;
  /** A document through its read-only link (no account; the resource has no file address). */
  openShared(token: string, signal: AbortSignal): Promise<{ resource: WhiteboardResource; doc: ToolDocument }>;
  save(request: SaveRequest): Promise<SaveResult>;
  stageChildren(query: StageChildrenQuery): Promise<StageChild[]>;
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

export function editorSource(platform: Platform, token: () => string | undefined, locale: () => Locale): EditorSource {
  const api = createToolsApi(platform.http, { token });

  async function upload(text: string, title: string): Promise<string> {
    const uploader = createUploader(
      toolSavePreset({
        apiBase: platform.http.apiBase,
        http: platform.http,
        token,
        locale,
        rules: { allowedExtensions: 'json' },
        resumeStore: createMemoryResumeStore(),
        userKey: () => 'tool-editor',
      }),
    );
    const name = `${title.replace(/[\\/:*?"<>|]/g, '_').slice(0, 60) || 'document'}.json`;
    uploader.add([new File([text], name, { type: 'application/json' })]);
    return new Promise<string>((resolve, reject) => {
      const settle = () => {
        const { files, notices } = uploader.store.getState();
        const file = files[0];
        if (!file) {
          const notice = notices[0];
          if (notice) reject(new DsError(Codes.UPLOAD_FAILED, { message: notice.messageZh }));
          return false;
        }
        if (file.status === 'done' && file.fileInfoId !== undefined) resolve(String(file.fileInfoId));
        else if (file.status === 'failed' || file.status === 'cancelled') reject(new DsError(file.error?.code ?? Codes.UPLOAD_FAILED, { message: file.error?.messageZh }));
        else return false;
        return true;
      };
      if (settle()) return;
      const stop = uploader.store.subscribe(() => settle() && stop());
    });
  }

  return {
    async open(id, signal) {
      const [resource, parsed] = await Promise.all([
        api.get(id, { silent: true, signal }),
        platform.http.get<unknown>(api.documentPath(id), undefined, { silent: true, signal, ...(token() ? { public: true, headers: { Authorization: token()! } } : {}) }),
      ]);
      const checked = checkDocument(parsed, resource.tool);
      if ('problem' in checked) throw new DsError(checked.problem.code, { message: checked.problem.message });
      return { resource, doc: checked.doc };
    },
    async openShared(shareToken, signal) {
      const [shared, parsed] = await Promise.all([
        api.shared(shareToken, { silent: true, signal }),
        platform.http.get<unknown>(api.sharedDocumentPath(shareToken), undefined, { silent: true, signal, public: true }),
      ]);
      const checked = checkDocument(parsed, shared.tool);
      if ('problem' in checked) throw new DsError(checked.problem.code, { message: checked.problem.message });
      return { resource: { ...shared, dataUrl: '', fileInfoId: '' }, doc: checked.doc };
    },
    async save(request) {
      const text = JSON.stringify(request.doc);
      const checked = checkDocumentText(text, utf8Length(text), request.tool);
      if ('problem' in checked) throw new DsError(checked.problem.code, { message: checked.problem.message });
      const fileInfoId = await upload(text, request.title);
      try {
        const resource = request.resource
          ? await api.update({ businessWhiteboardResourceId: request.resource.id, version: request.resource.version, title: request.title, fileInfoId }, { silent: true })
          : await api.create({ tool: request.tool, title: request.title, fileInfoId, ...(request.nodeId ? { nodeId: request.nodeId } : {}) }, { silent: true });
        return { kind: 'saved', resource };
      } catch (error) {
        const current = error instanceof HttpError && error.code === Codes.TOOL_DOCUMENT_CONFLICT ? (error.envelope?.data as { current?: WhiteboardResource } | undefined)?.current : undefined;
        if (current) return { kind: 'conflict', current };
        throw error;
      }
    },
    stageChildren: (query) => api.stageChildren(query, { silent: true }),
  };
}

/** What a failure says: the server's message, or the catalogue's for the code. */
export const failureDetail = (error: unknown, lang: Locale): string =>
  error instanceof DsError ? error.localizedMessage(lang) : error instanceof Error ? error.message : String(error);
