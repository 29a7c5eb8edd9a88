import type { ToolModule } from '../../toolModule.js';
import { NodePicker } from './NodePicker.js';

const electronicCourse: ToolModule = {
  id: 'ELECTRONIC_COURSE',
  title: { 'zh-CN': '电子课本', en: 'E-textbook' },
  Component: NodePicker,
  check(doc) {
    const d = doc as { tool?: unknown; data?: { selection?: { nodeId?: unknown } | null } } | null;
    if (!d || d.tool !== 'ELECTRONIC_COURSE') return '不是电子课本文档';
    const s = d.data?.selection;
    return s === null || (s && typeof s.nodeId === 'string') ? undefined : '电子课本文档缺少节点选择（selection）';
  },
};

export default electronicCourse;
