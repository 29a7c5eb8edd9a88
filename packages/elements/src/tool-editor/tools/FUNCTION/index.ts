import type { ToolModule } from '../../toolModule.js';
import { FunctionGraph } from './FunctionGraph.js';
import { checkFunctionDoc } from './functionDoc.js';

const functionTool: ToolModule = {
  id: 'FUNCTION',
  title: { 'zh-CN': '函数图像', en: 'Function graph' },
  Component: FunctionGraph,
  check: checkFunctionDoc,
};
export default functionTool;
