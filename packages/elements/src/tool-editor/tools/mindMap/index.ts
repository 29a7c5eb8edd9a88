import type { ToolModule } from '../../toolModule.js';
import { MindMap } from './MindMap.js';
import { mapProblem } from './mindMapData.js';

const mindMap: ToolModule = {
  id: 'mindMap',
  title: { 'zh-CN': '思维导图', en: 'Mind map' },
  Component: MindMap,
  check(doc) {
    const d = doc as { tool?: unknown; data?: unknown } | null;
    if (!d || d.tool !== 'mindMap') return '不是思维导图文档';
    return mapProblem(d.data);
  },
};

export default mindMap;
