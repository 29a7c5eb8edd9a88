import type { ToolModule } from '../../toolModule.js';
import { FltgTool } from './FltgTool.js';
import { checkFltgDoc } from './fltgDoc.js';

const fltgTool: ToolModule = {
  id: 'FLTG',
  title: { 'zh-CN': '四线三格 / 田字格', en: 'Handwriting sheets' },
  Component: FltgTool,
  check: checkFltgDoc,
};
export default fltgTool;
