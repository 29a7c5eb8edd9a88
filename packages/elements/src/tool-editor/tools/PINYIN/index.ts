import type { ToolModule } from '../../toolModule.js';
import { PinyinTool } from './PinyinTool.js';
import { checkPinyinDoc } from './pinyinDoc.js';

const pinyinTool: ToolModule = {
  id: 'PINYIN',
  title: { 'zh-CN': '拼音', en: 'Pinyin' },
  Component: PinyinTool,
  check: checkPinyinDoc,
};
export default pinyinTool;
