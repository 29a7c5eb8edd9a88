// Excalidraw (MIT) as the whiteboard. This file is its own lazy part: index.ts loads it on first use.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import * as excalidraw from '@excalidraw/excalidraw';
import { Excalidraw, getSceneVersion, restoreElements, serializeAsJSON } from '@excalidraw/excalidraw';
import type { ExcalidrawElement, NonDeleted } from '@excalidraw/excalidraw/element/types';
import type { AppState, BinaryFiles } from '@excalidraw/excalidraw/types';
import type { ToolHandle, ToolProps } from '../../toolModule.js';
import { jsonBlob, useToolDoc } from '../shared/useToolDoc.js';
import { unsupportedExport } from '../shared/unsupportedExport.js';
import { toolAssetUrl } from '../shared/toolAssets.js';
import { emptyWhiteboardData, type WhiteboardData } from './whiteboardDoc.js';

/** A scene to export (as dist/types/utils/export.d.ts of the package declares it). */
type Scene = { elements: readonly NonDeleted<ExcalidrawElement>[]; appState?: Partial<AppState>; files: BinaryFiles | null };
// The package re-exports its export functions from `@excalidraw/utils/export`, a name its published types
// cannot resolve (they ship under dist/types/utils/), so they reach TypeScript untyped: typed here as declared there.
const exportToSvg = excalidraw.exportToSvg as (scene: Scene) => Promise<SVGSVGElement>;
const exportToBlob = excalidraw.exportToBlob as (scene: Scene & { mimeType?: string }) => Promise<Blob>;

// Excalidraw's stylesheet declares its layers' z-indices (and safe-area insets) on `:root`, which a shadow
// root's stylesheet never matches: inside <ds-tool-editor> the canvas then lay over the toolbar and took
// every click. The same values on the tool's own box, where they inherit inside a shadow root or not
// (on that box only: in a React host this style is in the page).
const EXCALIDRAW_ROOT_VARS =
  '[data-ds-root="ds-tool-whiteboard"]{--zIndex-canvas:1;--zIndex-interactiveCanvas:2;--zIndex-svgLayer:3;--zIndex-wysiwyg:3;--zIndex-canvasButtons:3;--zIndex-layerUI:4;' +
  '--zIndex-eyeDropperBackdrop:5;--zIndex-eyeDropperPreview:6;--zIndex-hyperlinkContainer:7;--zIndex-modal:1000;--zIndex-popup:1001;--zIndex-toast:999999;' +
  '--sab:env(safe-area-inset-bottom);--sal:env(safe-area-inset-left);--sar:env(safe-area-inset-right);--sat:env(safe-area-inset-top)}';

/**
 * The document for a scene: what Excalidraw itself writes for a database (no deleted elements, no UI
 * state), with its elements in the form Excalidraw's restore gives them when the scene is opened again
 * (a new shape's `boundElements: null` becomes `[]`, and so on). Saved in that form, a reopened
 * document is byte-equal to the saved one whether or not the canvas has reported its opened scene yet.
 */
function sceneData(elements: Scene['elements'], appState: Scene['appState'], files: Scene['files']): WhiteboardData {
  const restored = restoreElements(elements, null, { repairBindings: true }) as unknown as Scene['elements'];
  const saved = JSON.parse(serializeAsJSON(restored, appState ?? {}, files ?? {}, 'database')) as WhiteboardData;
  return { elements: saved.elements, appState: saved.appState, files: saved.files ?? {} };
}

export default function Whiteboard({ doc, mode, onChange, locale, handle }: ToolProps & { handle?: (h: ToolHandle) => void }) {
  const readOnly = mode === 'view';
  const report = useCallback((d: Parameters<typeof onChange>[0]) => !readOnly && onChange(d), [readOnly, onChange]);
  const { data, update, adopt, toDocument } = useToolDoc<WhiteboardData>('whiteboard', doc, emptyWhiteboardData, report);
  // What the canvas shows, by Excalidraw's own scene version: its onChange also fires for selection,
  // scrolling and hovering, which are no change of the document.
  const shown = useRef<string>(undefined);
  const lastKey = useRef('');
  const api = useRef<{ updateScene(s: unknown): void } | null>(null);
  const initialData = useMemo(() => ({ elements: data.elements, appState: data.appState, files: data.files, scrollToContent: true }) as never, []); // eslint-disable-line react-hooks/exhaustive-deps
  const current = useCallback(() => toDocument().data as WhiteboardData, [toDocument]);

  // Undo/redo or a reopened document from the host: put it on the canvas.
  useEffect(() => {
    const json = JSON.stringify(data);
    if (shown.current !== undefined && shown.current !== json) api.current?.updateScene({ elements: data.elements, appState: data.appState });
    shown.current = json;
  }, [data]);

  useEffect(() => {
    handle?.({
      formats: ['svg', 'png', 'json'],
      async exportAs(format) {
        if (format === 'json') return jsonBlob(toDocument());
        const { elements, appState, files } = current();
        const scene = { elements, appState: { ...appState, exportBackground: true }, files } as unknown as Scene;
        if (format === 'svg') return new Blob([new XMLSerializer().serializeToString(await exportToSvg(scene))], { type: 'image/svg+xml' });
        if (format === 'png') return exportToBlob({ ...scene, mimeType: 'image/png' });
        throw unsupportedExport(format);
      },
    });
  }, [handle, toDocument, current]);

  return (
    <div className="wb" data-ds-root="ds-tool-whiteboard" style={{ height: '100%', minHeight: 560 }}>
      <link rel="stylesheet" href={toolAssetUrl('excalidraw/index.css')} />
      <style>{EXCALIDRAW_ROOT_VARS}</style>
      <Excalidraw
        initialData={initialData}
        viewModeEnabled={readOnly}
        langCode={locale === 'en' ? 'en' : 'zh-CN'}
        excalidrawAPI={(a) => (api.current = a as never)}
        UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false, export: false, saveAsImage: false } }}
        onChange={(elements, appState, files) => {
          // Cheap test first: Excalidraw calls this on every pointer move.
          const key = `${getSceneVersion(elements)}|${appState.viewBackgroundColor}|${appState.gridSize}|${Object.keys(files).length}`;
          if (key === lastKey.current) return;
          const first = !lastKey.current;
          lastKey.current = key;
          const next = sceneData(elements, appState, files);
          const json = JSON.stringify(next);
          if (json === JSON.stringify(current())) return;
          shown.current = json;
          // The first call is the opened scene in Excalidraw's normal form (defaults filled in): no edit.
          if (first) adopt(next);
          else update(next);
        }}
      />
    </div>
  );
}
