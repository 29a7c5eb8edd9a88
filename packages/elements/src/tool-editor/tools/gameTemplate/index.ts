import type { ToolModule } from '../../toolModule.js';
import { GameTool } from './GameTool.js';
import { checkGameDoc } from './gameDoc.js';

const gameTool: ToolModule = {
  id: 'gameTemplate',
  title: { 'zh-CN': '游戏模板', en: 'Game templates' },
  Component: GameTool,
  check: checkGameDoc,
};
export default gameTool;
