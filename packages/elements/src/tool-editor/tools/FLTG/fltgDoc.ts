import { checkEnvelope } from '../shared/useToolDoc.js';

export type GridKind = 'tian' | 'mi';
export interface FltgData {
  title: string;
  /** The characters to practise, e.g. a lesson's 生字表 (anything that is not a Chinese character is skipped). */
  chars: string;
  grid: GridKind;
  /** How many grey copies to trace after the model character (the rest of the row is empty). */
  traces: number;
  /** The teacher's reading for a 多音字, by the character's position in `chars`. */
  overrides: Record<string, string>;
}

export const emptyFltgData = (): FltgData => ({ title: '生字练习', chars: '春眠不觉晓', grid: 'tian', traces: 3, overrides: {} });

export function checkFltgDoc(doc: unknown): string | undefined {
  const env = checkEnvelope(doc, 'FLTG');
  if (typeof env === 'string') return env;
  const d = env.data as Partial<FltgData>;
  if (typeof d.title !== 'string' || typeof d.chars !== 'string') return '练习纸文档有误：title 和 chars 应为文字';
  if (d.grid !== 'tian' && d.grid !== 'mi') return '练习纸文档有误：grid 应为 tian（田字格）或 mi（米字格）';
  if (!Number.isInteger(d.traces) || d.traces! < 0 || d.traces! > 9) return '练习纸文档有误：traces 应为 0–9';
  if (!d.overrides || typeof d.overrides !== 'object') return '练习纸文档有误：overrides 缺失';
  return undefined;
}
