import { checkEnvelope } from '../shared/useToolDoc.js';

export interface PinyinData {
  text: string;
  /** The teacher's reading for a 多音字, by the character's position in the text. */
  overrides: Record<string, string>;
}

export const emptyPinyinData = (): PinyinData => ({ text: '春眠不觉晓，处处闻啼鸟。', overrides: {} });

export function checkPinyinDoc(doc: unknown): string | undefined {
  const env = checkEnvelope(doc, 'PINYIN');
  if (typeof env === 'string') return env;
  const d = env.data as Partial<PinyinData>;
  if (typeof d.text !== 'string') return '拼音文档有误：text 应为文字';
  if (!d.overrides || typeof d.overrides !== 'object' || Object.values(d.overrides).some((v) => typeof v !== 'string')) return '拼音文档有误：overrides 应为「位置 → 读音」';
  return undefined;
}
