import type { JsonClient, RequestOptions } from '../http/calls.js';
import type { Page } from '../lessons/types.js';
import type { SharedWhiteboardResource, StageChild, StageChildrenQuery, WhiteboardCreate, WhiteboardQuery, WhiteboardResource, WhiteboardShare, WhiteboardUpdate } from './types.js';

export interface ToolsApiOptions {
  /** A token an embedding page handed in: calls carry it instead of the session's (no refresh). */
  token?: () => string | undefined;
}

/**
 * The tool editor's calls (docs/api.md "Whiteboard resources"), under the business prefix. The
 * document itself is uploaded first through the file service (`toolSavePreset`), then named here by
 * its `fileInfoId`. Every call takes request options last.
 */
export function createToolsApi(http: JsonClient, options: ToolsApiOptions = {}) {
  const bz = (path: string) => http.paths.business(`/v1/${path}`);
  const as = (extra?: RequestOptions): RequestOptions => {
    const own = options.token?.();
    return own ? { ...extra, public: true, headers: { ...extra?.headers, Authorization: own } } : { ...extra };
  };
  type O = RequestOptions | undefined;
  return {
    get: (id: string, o?: O) => http.get<WhiteboardResource>(bz(`whiteboardResource/${encodeURIComponent(id)}`), undefined, as(o)),
    /** The stored document as JSON text (the resource's dataUrl file, read with the resource's rights). */
    documentPath: (id: string) => bz(`whiteboardResource/${encodeURIComponent(id)}/document`),
    create: (body: WhiteboardCreate, o?: O) => http.post<WhiteboardResource>(bz('whiteboardResource'), body, as(o)),
    update: (body: WhiteboardUpdate, o?: O) => http.put<WhiteboardResource>(bz('whiteboardResource'), body, as(o)),
    remove: (id: string, o?: O) => http.delete<null>(bz(`whiteboardResource/${encodeURIComponent(id)}`), undefined, as(o)),
    /** The caller's own documents, newest change first. */
    page: (query: WhiteboardQuery, o?: O) => http.post<Page<WhiteboardResource>>(bz('whiteboardResource/page'), query, as(o)),
    /** A new read-only link for the owner's document (a former one stops working). */
    share: (id: string, o?: O) => http.post<WhiteboardShare>(bz(`whiteboardResource/${encodeURIComponent(id)}/share`), undefined, as(o)),
    /** Whether the owner's document has a live link. */
    shareState: (id: string, o?: O) => http.get<{ shared: boolean; createTime: number | null }>(bz(`whiteboardResource/${encodeURIComponent(id)}/share`), undefined, as(o)),
    /** Ends the document's link at once. */
    revokeShare: (id: string, o?: O) => http.delete<null>(bz(`whiteboardResource/${encodeURIComponent(id)}/share`), undefined, as(o)),
    /** The document a read-only link opens (no account needed). */
    shared: (token: string, o?: O) => http.get<SharedWhiteboardResource>(bz(`whiteboardShare/${encodeURIComponent(token)}`), undefined, { public: true, ...o }),
    sharedDocumentPath: (token: string) => bz(`whiteboardShare/${encodeURIComponent(token)}/document`),
    /** The curriculum one level at a time (or a whole subtree with `deep`), for the node picker. */
    stageChildren: (query: StageChildrenQuery = {}, o?: O) => http.post<StageChild[]>(bz('stage/children'), query, { public: true, ...o }),
  };
}

export type ToolsApi = ReturnType<typeof createToolsApi>;
