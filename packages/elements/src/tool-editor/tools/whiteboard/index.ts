import type { ToolModule } from '../../toolModule.js';
import { WhiteboardLazy } from './WhiteboardLazy.js';
import { checkWhiteboardDoc } from './whiteboardDoc.js';

const whiteboardTool: ToolModule = {
  id: 'whiteboard',
  title: { 'zh-CN': '白板', en: 'Whiteboard' },
  Component: WhiteboardLazy,
  check: checkWhiteboardDoc,
};
export default whiteboardTool;
