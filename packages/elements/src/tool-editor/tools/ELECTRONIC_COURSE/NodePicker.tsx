import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { NodeSelection, StageChild } from '@dscloud/sdk/tools';
import css from './node-picker.css?inline';
import { adoptStyles } from '../../../shared/adoptStyles.js';
import type { ToolDocument, ToolHandle, ToolProps } from '../../toolModule.js';
import { useToolServices } from '../../toolServices.js';
import { ERROR_MESSAGE, readHostMessage } from './hostMessage.js';

const text = {
  'zh-CN': { edition: '教材版本', book: '教材', chapters: '章节目录', choose: '请选择', chosen: '已选择', none: '尚未选择节点', loading: '正在加载…', failed: '加载失败：', expand: '展开', collapse: '收起' },
  en: { edition: 'Edition', book: 'Book', chapters: 'Contents', choose: 'Choose', chosen: 'Chosen', none: 'No node chosen yet', loading: 'Loading…', failed: 'Loading failed: ', expand: 'Expand', collapse: 'Collapse' },
};

export interface EtextbookData {
  selection: NodeSelection | null;
}

const doc = (selection: NodeSelection | null): ToolDocument => ({ tool: 'ELECTRONIC_COURSE', version: 1, data: { selection } satisfies EtextbookData });

/**
 * The e-textbook node picker: edition → book → chapter → node over the curriculum (the stage-children
 * call), returning the node selection of spec §3 as the document. A host frame may post a selection
 * as JSON text from an allowed origin; invalid JSON is the conversion error, shown and answered.
 */
export function NodePicker(props: ToolProps & { handle?: (h: ToolHandle) => void }) {
  const t = text[props.locale];
  const services = useToolServices();
  const root = useRef<HTMLDivElement>(null);
  const selection = (props.doc?.data as EtextbookData | undefined)?.selection ?? null;
  const [editions, setEditions] = useState<StageChild[] | null>(null);
  const [edition, setEdition] = useState(selection?.businessEditionId ?? '');
  const [books, setBooks] = useState<StageChild[]>([]);
  const [book, setBook] = useState(selection?.businessBookId ?? '');
  const [tree, setTree] = useState<StageChild[]>([]);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const edit = props.mode === 'edit';
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  useLayoutEffect(() => adoptStyles(root.current?.getRootNode() ?? null, 'ds-node-picker', css), []);
  const fail = (error: unknown) => latest.current.onError(`${text[latest.current.locale].failed}${(error as Error).message}`);

  useEffect(() => {
    services.stageChildren({}).then(setEditions, fail);
  }, [services]);
  useEffect(() => {
    if (!edition) return;
    services.stageChildren({ parentLevel: 'edition', parentId: edition }).then(setBooks, fail);
  }, [services, edition]);
  useEffect(() => {
    if (!book) return;
    services.stageChildren({ parentLevel: 'book', parentId: book, deep: true }).then(setTree, fail);
  }, [services, book]);

  // A host frame's selection (exact origins only); what cannot be converted is answered, never thrown.
  const origins = services.messageOrigins;
  useEffect(() => {
    if (!edit) return undefined;
    const onMessage = (event: MessageEvent) => {
      const result = readHostMessage(event.origin, event.data, origins, location.origin);
      if (result.kind === 'ignored') return;
      if (result.kind === 'error') {
        latest.current.onError(result.message);
        (event.source as Window | null)?.postMessage({ type: ERROR_MESSAGE, code: result.code, message: result.message }, { targetOrigin: event.origin });
        return;
      }
      latest.current.onChange(doc(result.selection));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [edit, origins]);

  const choose = (node: StageChild) =>
    props.onChange(
      doc({
        businessEditionId: node.businessEditionId ?? edition,
        businessBookId: node.businessBookId ?? book,
        businessBookLabel: node.businessBookLabel ?? books.find((b) => b.id === book)?.label ?? '',
        nodeLabel: node.label,
        nodeId: node.id,
      }),
    );

  const renderNodes = (nodes: StageChild[]) => (
    <ul role="group">
      {nodes.map((node) => {
        const expanded = open.has(node.id);
        const chosen = selection?.nodeId === node.id;
        return (
          <li key={node.id} role="treeitem" aria-expanded={node.leaf ? undefined : expanded} aria-selected={chosen}>
            {node.leaf ? <span className="twisty" /> : (
              <button type="button" className="twisty" aria-label={`${expanded ? t.collapse : t.expand} ${node.label}`} onClick={() => setOpen((s) => { const n = new Set(s); if (n.has(node.id)) n.delete(node.id); else n.add(node.id); return n; })}>
                {expanded ? '▾' : '▸'}
              </button>
            )}
            <button type="button" className={chosen ? 'node chosen' : 'node'} disabled={!edit} onClick={() => choose(node)}>
              {node.label}
            </button>
            {expanded && node.children?.length ? renderNodes(node.children) : null}
          </li>
        );
      })}
    </ul>
  );

  return (
    <div ref={root} className="ds-node-picker" data-ds-root="ds-tool-ELECTRONIC_COURSE">
      <p className="selection" role="status" data-node-id={selection?.nodeId ?? ''}>
        {selection ? `${t.chosen}：${selection.businessBookLabel} · ${selection.nodeLabel}` : t.none}
      </p>
      {edit ? (
        <>
          <div className="pickers">
            <label>
              {t.edition}
              <select value={edition} onChange={(e) => { setEdition(e.target.value); setBook(''); setTree([]); }}>
                <option value="">{editions ? t.choose : t.loading}</option>
                {(editions ?? []).map((e) => <option key={e.id} value={e.id}>{e.label}</option>)}
              </select>
            </label>
            <label>
              {t.book}
              <select value={book} disabled={!edition} onChange={(e) => setBook(e.target.value)}>
                <option value="">{t.choose}</option>
                {books.map((b) => <option key={b.id} value={b.id}>{b.label}</option>)}
              </select>
            </label>
          </div>
          {book ? <div role="tree" aria-label={t.chapters} className="tree">{renderNodes(tree)}</div> : null}
        </>
      ) : null}
    </div>
  );
}
