import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { isToolId, TOOL_TITLES, type WhiteboardResource } from '@dscloud/sdk/tools';
import css from './tool-editor.css?inline';
import { useStyles } from '../shared/adoptStyles.js';
import { createDraftStore, draftKey, type Draft, type DraftStore } from './draftStore.js';
import { record, redo, startHistory, undo, type History } from './history.js';
import { timeText, toLang, toolEditorMessages } from './messages.js';
import type { ToolChangeDetail, ToolErrorDetail, ToolNode, ToolSaveDetail } from './toolEditorEvents.js';
import type { ToolDocument, ToolHandle, ToolId } from './toolModule.js';
import { useEditorSource } from './useEditorCore.js';
import { useToolModule } from './useToolModule.js';
import { ExportMenu, type ExportFormat, type ExportHandle } from './ExportMenu.js';
import { ToolServicesContext, type ToolServices } from './toolServices.js';

export interface ToolEditorProps {
  tool?: string;
  resourceId?: string;
  /** `edit` (default) or `view` (read only; games play). */
  mode?: string;
  apiBase?: string;
  lang?: string;
  /** The e-textbook node a new document belongs to (the lesson's node when launched from a lesson). */
  nodeId?: string;
  nodeLabel?: string;
  /** Exact origins (comma-separated) a host frame may post messages from (e-textbook). The page's own always. */
  messageOrigins?: string;
  /** A read-only link's token: opens that document in view mode, whatever `mode` says. */
  shareToken?: string;
  /** A token the page handed in (property only). */
  token?: string;
  /** Where the local draft is kept (property only). Default: localStorage. */
  draftStore?: DraftStore;
  onSave?: (detail: ToolSaveDetail) => void;
  onChange?: (detail: ToolChangeDetail) => void;
  onError?: (detail: ToolErrorDetail) => void;
}

type Opened = { status: 'new' } | { status: 'opening' } | { status: 'open'; resource: WhiteboardResource } | { status: 'failed'; message: string };
const json = (doc: ToolDocument | undefined) => (doc === undefined ? '' : JSON.stringify(doc));

/**
 * A teaching tool (mind map, e-textbook node picker, …) around one document saved as a whiteboard
 * resource: toolbar with 保存 / 导出 / 撤销 / 重做, save by POST (new) or PUT (with the version read),
 * a conflict choice instead of an overwrite, a local draft against crashes, a guard on leaving.
 */
export function ToolEditor(props: ToolEditorProps) {
  const lang = toLang(props.lang);
  const m = toolEditorMessages(lang);
  const root = useRef<HTMLDivElement>(null);
  useStyles(root, 'ds-tool-editor', css);
  const tool: ToolId | undefined = isToolId(props.tool) ? props.tool : undefined;
  const shareToken = props.shareToken || undefined;
  const edit = props.mode !== 'view' && !shareToken;
  const [attempt, setAttempt] = useState(0);
  const load = useToolModule(tool, attempt);
  const { source, failed: coreFailed } = useEditorSource(props.apiBase, props.token, lang);
  const [drafts] = useState(() => props.draftStore ?? createDraftStore());

  const [history, setHistory] = useState<History<ToolDocument | undefined>>(() => startHistory(undefined));
  const [savedText, setSavedText] = useState('');
  const [revision, setRevision] = useState(0);
  const [opened, setOpened] = useState<Opened>({ status: 'opening' });
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<WhiteboardResource | null>(null);
  const [draftOffer, setDraftOffer] = useState<Draft | null>(null);
  const [problem, setProblem] = useState('');
  const handle = useRef<ExportHandle | null>(null);
  const [formats, setFormats] = useState<readonly ExportFormat[]>([]);
  // One callback for the editor's life: a tool hands over its handle from an effect that depends on it,
  // so a new callback (or a new but equal list of formats) every render would render again without end.
  const takeHandle = useCallback((h: ToolHandle) => {
    handle.current = h;
    const next = h.formats ?? [];
    setFormats((prev) => (prev.length === next.length && prev.every((f, i) => f === next[i]) ? prev : next));
  }, []);

  const resource = opened.status === 'open' ? opened.resource : null;
  const resourceId = resource?.businessWhiteboardResourceId ?? props.resourceId;
  const key = draftKey(props.tool ?? '', resourceId);
  const dirty = json(history.present) !== savedText;
  const node: ToolNode | undefined = resource?.nodeId
    ? { nodeId: resource.nodeId, nodeLabel: resource.nodeLabel ?? '', businessBookId: resource.businessBookId, businessEditionId: resource.businessEditionId }
    : props.nodeId
      ? { nodeId: props.nodeId, nodeLabel: props.nodeLabel ?? '' }
      : undefined;

  // The latest callbacks for effects and listeners, written after render (never while rendering).
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const report = (message: string, code: number | null = null) => {
    setProblem(message);
    latest.current.onError?.({ tool: latest.current.tool ?? '', code, message });
  };

  /** A draft kept for this document, when it differs from what was loaded. */
  const draftFor = (keyNow: string, loaded: string) => {
    const draft = drafts.read(keyNow);
    return draft && json(draft.doc) !== loaded ? draft : null;
  };

  const replace = (doc: ToolDocument | undefined, saved: string) => {
    setHistory(startHistory(doc));
    setSavedText(saved);
    setRevision((r) => r + 1);
  };

  // Another resource-id starts over (set while rendering: no frame shows the old document as the new one).
  const wantedId = shareToken ? `share:${shareToken}` : props.resourceId;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (openedFor !== (wantedId ?? '')) {
    setOpenedFor(wantedId ?? '');
    setConflict(null);
    if (wantedId) setOpened({ status: 'opening' });
    else {
      setOpened({ status: 'new' });
      replace(undefined, '');
      setDraftOffer(draftFor(draftKey(props.tool ?? '', undefined), ''));
    }
  }

  // Open the resource once the lazy part is in.
  useEffect(() => {
    if (!wantedId || !source) return undefined;
    const controller = new AbortController();
    const opening = shareToken ? source.openShared(shareToken, controller.signal) : source.open(wantedId, controller.signal);
    opening.then(
      ({ resource: r, doc }) => {
        if (controller.signal.aborted) return;
        setOpened({ status: 'open', resource: r });
        setTitle(r.title);
        setHistory(startHistory<ToolDocument | undefined>(doc));
        setSavedText(json(doc));
        setRevision((n) => n + 1);
        const draft = drafts.read(draftKey(latest.current.tool ?? '', wantedId));
        setDraftOffer(draft && json(draft.doc) !== json(doc) ? draft : null);
      },
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        const core = await import('./toolEditorCore.js');
        const message = `${toolEditorMessages(lang).openFailed}：${core.failureDetail(error, lang)}`;
        setOpened({ status: 'failed', message });
        latest.current.onError?.({ tool: latest.current.tool ?? '', code: (error as { code?: number }).code ?? null, message });
      },
    );
    return () => controller.abort();
  }, [wantedId, shareToken, source, drafts, lang]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty || !edit) return undefined;
    const guard = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [dirty, edit]);

  const onToolChange = (doc: ToolDocument) => {
    setHistory((h) => record(h, doc));
    drafts.write(key, { doc, savedAt: Date.now(), ...(resource ? { baseVersion: resource.version } : {}) });
    setDraftOffer(null);
    latest.current.onChange?.({ tool: doc.tool, resourceId: resourceId ?? null, doc });
  };

  const step = (move: typeof undo) => {
    const next = move(history);
    if (next === history) return;
    setHistory(next);
    setRevision((r) => r + 1);
    if (next.present) drafts.write(key, { doc: next.present, savedAt: Date.now() });
  };

  const defaultTitle = tool ? m.untitled(TOOL_TITLES[tool][lang]) : '';
  async function save(asCopy = false) {
    const doc = history.present;
    if (!source || !tool || !doc || saving) return;
    setSaving(true);
    setProblem('');
    const name = (title.trim() || defaultTitle) + (asCopy ? m.copySuffix : '');
    try {
      const target = !asCopy && resource ? { id: resource.businessWhiteboardResourceId, version: resource.version } : undefined;
      const result = await source.save({ tool, doc, title: name, ...(target ? { resource: target } : {}), ...(node ? { nodeId: node.nodeId } : {}) });
      if (result.kind === 'conflict') {
        setConflict(result.current);
        return;
      }
      const saved = result.resource;
      drafts.clear(key);
      drafts.clear(draftKey(tool, saved.businessWhiteboardResourceId));
      setOpened({ status: 'open', resource: saved });
      setTitle(saved.title);
      setSavedText(json(doc));
      setConflict(null);
      const savedNode = saved.nodeId ? { nodeId: saved.nodeId, nodeLabel: saved.nodeLabel ?? '', businessBookId: saved.businessBookId, businessEditionId: saved.businessEditionId } : null;
      latest.current.onSave?.({ resourceId: saved.businessWhiteboardResourceId, tool, version: saved.version, node: savedNode });
    } catch (error) {
      const core = await import('./toolEditorCore.js');
      report(core.failureDetail(error, lang), (error as { code?: number }).code ?? null);
    } finally {
      setSaving(false);
    }
  }

  async function reloadTheirs() {
    if (!source || !conflict) return;
    const { resource: r, doc } = await source.open(conflict.businessWhiteboardResourceId, new AbortController().signal);
    setOpened({ status: 'open', resource: r });
    setTitle(r.title);
    replace(doc, json(doc));
    drafts.clear(key);
    setConflict(null);
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (!edit || !(event.ctrlKey || event.metaKey)) return;
    const k = event.key.toLowerCase();
    if (k === 'z' && !event.shiftKey) step(undo);
    else if (k === 'y' || (k === 'z' && event.shiftKey)) step(redo);
    else if (k === 's') void save();
    else return;
    event.preventDefault();
  };

  const origins = props.messageOrigins ?? '';
  const services = useMemo<ToolServices>(
    () => ({
      stageChildren: (query) => (source ? source.stageChildren(query) : Promise.reject(new Error(m.loading))),
      messageOrigins: origins.split(',').map((o) => o.trim()).filter(Boolean),
    }),
    [source, origins, m.loading],
  );

  const shown = opened.status === 'new' || opened.status === 'open';
  let body;
  if (!tool) body = <p className="message error" role="alert">{props.tool ? m.unknownTool(props.tool) : m.unavailable}</p>;
  else if (load.status === 'unavailable') body = <p className="message" role="status" part="unavailable">{m.unavailable}</p>;
  else if (load.status === 'failed' || coreFailed)
    body = (
      <p className="message error" role="alert">
        {m.openFailed} <button type="button" onClick={() => setAttempt((a) => a + 1)}>{m.retry}</button>
      </p>
    );
  else if (opened.status === 'failed') body = <p className="message error" role="alert" part="error">{opened.message}</p>;
  // The tool mounts once the calls are in: a tool may ask for the curriculum as it mounts.
  else if (load.status === 'loading' || !shown || !source) body = <p className="message" role="status">{m.loading}</p>;
  else {
    const Tool = load.module.Component;
    body = (
      <Tool
        key={revision}
        doc={history.present}
        mode={edit ? 'edit' : 'view'}
        locale={lang}
        onChange={onToolChange}
        onError={(message) => report(message)}
        {...(node ? { node } : {})}
        handle={takeHandle}
      />
    );
  }

  const ready = tool !== undefined && load.status === 'ready' && shown && source !== null;
  return (
    <div ref={root} className="ds-tool-editor" data-ds-root="ds-tool-editor" part="base" data-tool={props.tool} data-ready={ready || undefined} data-dirty={dirty || undefined} onKeyDown={onKeyDown}>
      <div role="toolbar" aria-label={m.toolbar} part="toolbar">
        <input className="title" part="title" aria-label={m.title} placeholder={defaultTitle} value={title} readOnly={!edit} onChange={(e) => setTitle(e.target.value)} />
        {edit ? (
          <>
            <button type="button" className="primary" part="save" disabled={!ready || saving || !history.present || (!dirty && resource !== null)} onClick={() => void save()} aria-keyshortcuts="Control+S">
              {saving ? m.saving : m.save}
            </button>
            <button type="button" part="undo" disabled={history.past.length === 0} onClick={() => step(undo)} aria-keyshortcuts="Control+Z">{m.undo}</button>
            <button type="button" part="redo" disabled={history.future.length === 0} onClick={() => step(redo)} aria-keyshortcuts="Control+Y">{m.redo}</button>
          </>
        ) : (
          <span className="status">{m.viewOnly}</span>
        )}
        <ExportMenu formats={formats} messages={m} doc={history.present} title={title || defaultTitle} handle={handle} disabled={!ready || !history.present} onError={report} />
        {edit ? <span className="status" role="status" part="status">{saving ? m.saving : dirty ? m.unsaved : resource ? m.saved : ''}</span> : null}
      </div>
      {conflict ? (
        <div className="banner conflict" role="alertdialog" aria-label={m.conflictTitle} part="conflict">
          <span>{m.conflictBody(timeText(conflict.updateTime, lang))}</span>
          <button type="button" onClick={() => void reloadTheirs().catch((error: unknown) => report(String((error as Error).message)))}>{m.reloadTheirs}</button>
          <button type="button" className="primary" onClick={() => void save(true)}>{m.keepMine}</button>
        </div>
      ) : null}
      {draftOffer && edit ? (
        <div className="banner" role="region" aria-label={m.restoreDraft} part="draft">
          <span>{m.draftFound(timeText(draftOffer.savedAt, lang))}</span>
          <button
            type="button"
            className="primary"
            onClick={() => {
              setHistory((h) => record(h, draftOffer.doc));
              setRevision((r) => r + 1);
              setDraftOffer(null);
            }}
          >
            {m.restoreDraft}
          </button>
          <button type="button" onClick={() => { drafts.clear(key); setDraftOffer(null); }}>{m.discardDraft}</button>
        </div>
      ) : null}
      {problem ? <div className="banner error" role="alert" part="problem">{problem}</div> : null}
      <div className="stage" part="stage">
        <ToolServicesContext.Provider value={services}>{body}</ToolServicesContext.Provider>
      </div>
    </div>
  );
}
