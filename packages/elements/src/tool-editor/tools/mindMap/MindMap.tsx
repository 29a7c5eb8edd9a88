import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import MindElixir, { type MindElixirData, type MindElixirInstance } from 'mind-elixir';
import { en as elixirEn, zh_CN as elixirZh } from 'mind-elixir/i18n';
import elixirCss from '../../../../../../node_modules/mind-elixir/dist/MindElixir.css?inline';
import css from './mind-map.css?inline';
import { adoptStyles } from '../../../shared/adoptStyles.js';
import type { ToolDocument, ToolHandle, ToolProps } from '../../toolModule.js';
import { useToolServices } from '../../toolServices.js';
import { fromOutline, toOutline } from './outline.js';
import { fromChapter, fromOutlineNode, mapProblem, toOutlineNode, type MapNode } from './mindMapData.js';

const text = {
  'zh-CN': { theme: '主题', light: '浅色', dark: '深色', fromChapter: '从章节生成', importFile: '导入 JSON / Markdown', importFailed: '导入失败：', noNode: '请先选择教材章节', root: '中心主题', map: '思维导图' },
  en: { theme: 'Theme', light: 'Light', dark: 'Dark', fromChapter: 'Build from chapter', importFile: 'Import JSON / Markdown', importFailed: 'Import failed: ', noNode: 'Choose a textbook chapter first', root: 'Central topic', map: 'Mind map' },
};

const doc = (data: unknown): ToolDocument => ({ tool: 'mindMap', version: 1, data });

async function svgToPng(svg: Blob): Promise<Blob> {
  const url = URL.createObjectURL(svg);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth || 1200;
    canvas.height = img.naturalHeight || 800;
    canvas.getContext('2d')!.drawImage(img, 0, 0);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The mind map (mind-elixir 5.15): nodes, drag, collapse, light/dark themes; JSON and Markdown outline
 * import/export; a map from a textbook chapter's node tree in one click. Undo is the editor's: the map
 * reports every operation as a whole new document and is rebuilt when the editor replaces it.
 */
export function MindMap(props: ToolProps & { handle?: (h: ToolHandle) => void }) {
  const t = text[props.locale];
  const host = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const mind = useRef<MindElixirInstance | null>(null);
  const services = useToolServices();
  const [dark, setDark] = useState(() => ((props.doc?.data as MindElixirData | undefined)?.theme?.type ?? 'light') === 'dark');
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const edit = props.mode === 'edit';

  // The map is built once per mount from the document it was given (the editor remounts on undo/redo).
  useEffect(() => {
    const el = box.current!;
    adoptStyles(el.getRootNode(), 'ds-mind-elixir', elixirCss, '[data-ds-root="ds-tool-mindMap"]');
    adoptStyles(el.getRootNode(), 'ds-mind-map', css);
    const given = latest.current.doc?.data as MindElixirData | undefined;
    const data: MindElixirData = given ?? MindElixir.new(latest.current.node?.nodeLabel || text[latest.current.locale].root);
    const instance = new MindElixir({
      el,
      direction: MindElixir.SIDE,
      editable: latest.current.mode === 'edit',
      contextMenu: latest.current.mode === 'edit' ? { locale: latest.current.locale === 'en' ? elixirEn : elixirZh } : false,
      toolBar: true,
      keypress: latest.current.mode === 'edit',
      allowUndo: false,
      theme: given?.theme?.type === 'dark' ? MindElixir.DARK_THEME : MindElixir.THEME,
    });
    const failed = instance.init(data);
    if (failed) latest.current.onError(`${text[latest.current.locale].importFailed}${failed.message}`);
    instance.bus.addListener('operation', () => latest.current.onChange(doc(instance.getData())));
    mind.current = instance;
    latest.current.handle?.({
      formats: ['svg', 'png', 'md', 'json'],
      async exportAs(format) {
        const current = instance.getData();
        if (format === 'json') return new Blob([JSON.stringify(doc(current))], { type: 'application/json' });
        if (format === 'md') return new Blob([toOutline(toOutlineNode(current.nodeData as MapNode))], { type: 'text/markdown' });
        const svg = instance.exportSvg();
        return format === 'svg' ? svg : svgToPng(svg);
      },
    });
    return () => {
      instance.destroy();
      mind.current = null;
    };
  }, []);

  /** Replaces the map's content and reports it as a change (the editor records it for undo). */
  function load(nodeData: MapNode) {
    const instance = mind.current;
    if (!instance) return;
    const data = { ...instance.getData(), nodeData } as MindElixirData;
    instance.refresh(data);
    props.onChange(doc(instance.getData()));
  }

  async function buildFromChapter() {
    const node = props.node;
    if (!node) return props.onError(t.noNode);
    try {
      const children = await services.stageChildren({ parentLevel: 'node', parentId: node.nodeId, deep: true });
      load(fromChapter(node.nodeLabel, children));
    } catch (error) {
      props.onError(`${t.importFailed}${(error as Error).message}`);
    }
  }

  async function importFile(file: File) {
    const content = await file.text();
    if (/\.json$/i.test(file.name)) {
      try {
        const parsed = JSON.parse(content) as { data?: unknown; nodeData?: unknown };
        const data = (parsed.data ?? parsed) as MindElixirData;
        const problem = mapProblem(data);
        if (problem) return props.onError(`${t.importFailed}${problem}`);
        return load(data.nodeData as MapNode);
      } catch (error) {
        return props.onError(`${t.importFailed}${(error as Error).message}`);
      }
    }
    const outline = fromOutline(content);
    if (!outline) return props.onError(`${t.importFailed}Markdown 中没有标题或列表`);
    load(fromOutlineNode(outline));
  }

  function setTheme(toDark: boolean) {
    setDark(toDark);
    const instance = mind.current;
    if (!instance) return;
    instance.changeTheme(toDark ? MindElixir.DARK_THEME : MindElixir.THEME);
    props.onChange(doc(instance.getData()));
  }

  return (
    <div ref={host} className="ds-mind-map" data-ds-root="ds-tool-mindMap">
      {edit ? (
        <div className="ds-mind-map-bar" role="group" aria-label={t.map}>
          <label>
            {t.theme}{' '}
            <select value={dark ? 'dark' : 'light'} onChange={(e) => setTheme(e.target.value === 'dark')}>
              <option value="light">{t.light}</option>
              <option value="dark">{t.dark}</option>
            </select>
          </label>
          <button type="button" onClick={() => void buildFromChapter()} disabled={!props.node} title={props.node ? props.node.nodeLabel : t.noNode}>
            {t.fromChapter}
          </button>
          <label className="ds-mind-map-import">
            {t.importFile}
            <input type="file" accept=".json,.md,.markdown,.txt" onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])} />
          </label>
        </div>
      ) : null}
      <div ref={box} className="ds-mind-map-canvas" aria-label={t.map} />
    </div>
  );
}
