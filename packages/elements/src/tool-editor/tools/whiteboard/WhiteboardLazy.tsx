import { lazy, Suspense } from 'react';
import type { ToolHandle, ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { toolAssetUrl } from '../shared/toolAssets.js';

// Excalidraw is heavy: it loads only when a whiteboard opens, with its fonts (Excalifont, and Xiaolai
// for Chinese, split by unicode-range) from our own server instead of its default CDN.
const Whiteboard = lazy(() => {
  (window as { EXCALIDRAW_ASSET_PATH?: string }).EXCALIDRAW_ASSET_PATH = toolAssetUrl('excalidraw/');
  return import('./Whiteboard.js');
});

export function WhiteboardLazy(props: ToolProps & { handle?: (h: ToolHandle) => void }) {
  return (
    <Suspense fallback={<p role="status">{tr(props.locale, '正在加载白板…', 'Loading the whiteboard…')}</p>}>
      <Whiteboard {...props} />
    </Suspense>
  );
}
