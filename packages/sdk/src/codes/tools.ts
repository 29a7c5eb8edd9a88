import { enumOf, type EnumEntry } from './enum.js';

/** Tool types of the tool editor (spec §9); the value is what the whiteboard resource stores as businessType. */
export const ToolTypes = enumOf('ToolType', [
  { value: 'mindMap', label: '思维导图', labelEn: 'Mind map' },
  { value: 'gameTemplate', label: '游戏模板', labelEn: 'Game template' },
  { value: 'whiteboard', label: '白板素材', labelEn: 'Whiteboard material' },
  { value: 'PINYIN', label: '拼音', labelEn: 'Pinyin' },
  { value: 'FLTG', label: '四线三格', labelEn: 'Four-line lattice' },
  { value: 'FUNCTION', label: '函数图像', labelEn: 'Function graph' },
  { value: 'ELECTRONIC_COURSE', label: '电子教材', labelEn: 'Electronic textbook' },
  { value: 'other', label: '其他', labelEn: 'Other' },
] as const satisfies readonly EnumEntry<string>[]);

/** Whiteboard resource business types for the two tools stored by name (spec §3). */
export const WhiteboardBusinessTypes = { MIND_MAPPING: 'MIND_MAPPING', GAME_TEMPLATE: 'GAME_TEMPLATE' } as const;

export const ViewingModes = enumOf('ViewingMode', [
  { value: 'bySite', label: '按考点', labelEn: 'By test site' },
  { value: 'byPaper', label: '按试卷', labelEn: 'By test paper' },
] as const satisfies readonly EnumEntry<string>[]);

export const LearningResourceTypes = enumOf('LearningResourceType', [
  { value: 1, label: '试题解析', labelEn: 'Test question analysis' },
  { value: 2, label: '试题讲解', labelEn: 'Test question explanation' },
  { value: 3, label: '知识点讲解', labelEn: 'Knowledge point explanation' },
  { value: 4, label: '同类训练', labelEn: 'Homogeneous training' },
  { value: 5, label: '推荐资源', labelEn: 'Recommended resources' },
] as const satisfies readonly EnumEntry<number>[]);
