import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { checkEnvelope } from '../shared/useToolDoc.js';

export type GameKind = 'matching' | 'ordering' | 'quiz';
export interface Pair { left: string; right: string }
export interface Question { question: string; options: string[]; answer: number }
export interface GameData {
  kind: GameKind;
  title: string;
  /** 连连看: each left item belongs with its right item. */
  pairs: Pair[];
  /** 排序: the items in the right order (players get them shuffled). */
  prompt: string;
  items: string[];
  /** 选择题: one right option per question. */
  questions: Question[];
}

export const GAME_KINDS: GameKind[] = ['matching', 'ordering', 'quiz'];

export const emptyGameData = (): GameData => ({
  kind: 'matching',
  title: '古诗配对',
  pairs: [
    { left: '春眠不觉晓', right: '处处闻啼鸟' },
    { left: '床前明月光', right: '疑是地上霜' },
    { left: '白日依山尽', right: '黄河入海流' },
  ],
  prompt: '按从小到大排列',
  items: ['一', '十', '百', '千'],
  questions: [{ question: '「春晓」的作者是谁？', options: ['孟浩然', '李白', '杜甫'], answer: 0 }],
});

export const kindTitle = (kind: GameKind, locale: ToolProps['locale']): string =>
  ({ matching: tr(locale, '连连看（配对）', 'Matching pairs'), ordering: tr(locale, '排序', 'Ordering'), quiz: tr(locale, '选择题', 'Multiple-choice quiz') })[kind];

/** What keeps the game from being played, each naming the place (empty when it is ready). */
export function gameProblems(d: GameData, locale: ToolProps['locale']): string[] {
  const out: string[] = [];
  if (!d.title.trim()) out.push(tr(locale, '请填写游戏标题', 'Give the game a title'));
  if (d.kind === 'matching') {
    if (d.pairs.length < 2) out.push(tr(locale, '连连看至少需要 2 对', 'Matching needs at least 2 pairs'));
    d.pairs.forEach((p, i) => {
      if (!p.left.trim() || !p.right.trim()) out.push(tr(locale, `第 ${i + 1} 对：左右两边都要填写`, `Pair ${i + 1}: fill in both sides`));
    });
    const lefts = d.pairs.map((p) => p.left.trim());
    if (new Set(lefts).size !== lefts.length) out.push(tr(locale, '连连看左边有重复的内容', 'Two left items are the same'));
    const rights = d.pairs.map((p) => p.right.trim());
    if (new Set(rights).size !== rights.length) out.push(tr(locale, '连连看右边有重复的内容', 'Two right items are the same'));
  } else if (d.kind === 'ordering') {
    if (d.items.length < 2) out.push(tr(locale, '排序至少需要 2 项', 'Ordering needs at least 2 items'));
    d.items.forEach((it, i) => !it.trim() && out.push(tr(locale, `第 ${i + 1} 项不能为空`, `Item ${i + 1} is empty`)));
  } else {
    if (d.questions.length < 1) out.push(tr(locale, '选择题至少需要 1 题', 'The quiz needs at least 1 question'));
    d.questions.forEach((q, i) => {
      if (!q.question.trim()) out.push(tr(locale, `第 ${i + 1} 题：题目不能为空`, `Question ${i + 1}: the question is empty`));
      if (q.options.length < 2) out.push(tr(locale, `第 ${i + 1} 题：至少需要 2 个选项`, `Question ${i + 1}: at least 2 options`));
      if (q.options.some((o) => !o.trim())) out.push(tr(locale, `第 ${i + 1} 题：选项不能为空`, `Question ${i + 1}: an option is empty`));
      if (!(q.answer >= 0 && q.answer < q.options.length)) out.push(tr(locale, `第 ${i + 1} 题：请选择正确答案`, `Question ${i + 1}: choose the right answer`));
    });
  }
  return out;
}

export function checkGameDoc(doc: unknown): string | undefined {
  const env = checkEnvelope(doc, 'gameTemplate');
  if (typeof env === 'string') return env;
  const d = env.data as Partial<GameData>;
  if (!GAME_KINDS.includes(d.kind as GameKind)) return '游戏文档有误：kind 应为 matching、ordering 或 quiz';
  if (typeof d.title !== 'string' || typeof d.prompt !== 'string') return '游戏文档有误：title/prompt 应为文字';
  if (!Array.isArray(d.pairs) || d.pairs.some((p) => typeof p?.left !== 'string' || typeof p?.right !== 'string')) return '游戏文档有误：pairs 应为配对列表';
  if (!Array.isArray(d.items) || d.items.some((i) => typeof i !== 'string')) return '游戏文档有误：items 应为文字列表';
  if (!Array.isArray(d.questions) || d.questions.some((q) => typeof q?.question !== 'string' || !Array.isArray(q.options) || !Number.isInteger(q.answer))) return '游戏文档有误：questions 无效';
  return undefined;
}

/** A shuffled copy that differs from the original order whenever it can. */
export function shuffled<T>(list: T[], random: () => number = Math.random): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  if (out.length > 1 && out.every((v, i) => v === list[i])) out.push(out.shift()!);
  return out;
}
