import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { GAME_KINDS, gameProblems, kindTitle, type GameData } from './gameDoc.js';

type Update = (f: (d: GameData) => GameData) => void;
const replaceAt = <T,>(list: T[], i: number, v: T) => list.map((x, j) => (j === i ? v : x));
const removeAt = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);

/** The teacher's form: the template, the title and the content, with what is still missing listed. */
export function GameEditor({ data, update, locale }: { data: GameData; update: Update; locale: ToolProps['locale'] }) {
  const problems = gameProblems(data, locale);
  const del = tr(locale, '删除', 'Remove');
  return (
    <form className="gt-form" onSubmit={(e) => e.preventDefault()} aria-label={tr(locale, '游戏内容', 'Game content')}>
      <fieldset>
        <legend>{tr(locale, '模板', 'Template')}</legend>
        {GAME_KINDS.map((k) => (
          <label key={k}>
            <input type="radio" name="gt-kind" value={k} checked={data.kind === k} onChange={() => update((d) => ({ ...d, kind: k }))} />
            {kindTitle(k, locale)}
          </label>
        ))}
      </fieldset>
      <label>
        {tr(locale, '标题', 'Title')}
        <input value={data.title} maxLength={60} onChange={(e) => update((d) => ({ ...d, title: e.target.value }))} />
      </label>
      {data.kind === 'matching' && (
        <fieldset>
          <legend>{tr(locale, '配对（左 — 右）', 'Pairs (left — right)')}</legend>
          {data.pairs.map((p, i) => (
            <div key={i} className="gt-line">
              <input aria-label={tr(locale, `第 ${i + 1} 对左边`, `Pair ${i + 1} left`)} value={p.left} onChange={(e) => update((d) => ({ ...d, pairs: replaceAt(d.pairs, i, { ...p, left: e.target.value }) }))} />
              <input aria-label={tr(locale, `第 ${i + 1} 对右边`, `Pair ${i + 1} right`)} value={p.right} onChange={(e) => update((d) => ({ ...d, pairs: replaceAt(d.pairs, i, { ...p, right: e.target.value }) }))} />
              <button type="button" aria-label={`${del} ${i + 1}`} onClick={() => update((d) => ({ ...d, pairs: removeAt(d.pairs, i) }))}>×</button>
            </div>
          ))}
          <button type="button" onClick={() => update((d) => ({ ...d, pairs: [...d.pairs, { left: '', right: '' }] }))}>{tr(locale, '＋ 添加一对', '+ Add pair')}</button>
        </fieldset>
      )}
      {data.kind === 'ordering' && (
        <fieldset>
          <legend>{tr(locale, '按正确顺序填写（学生看到的是打乱的）', 'Items in the right order (players get them shuffled)')}</legend>
          <label>
            {tr(locale, '要求', 'Prompt')}
            <input value={data.prompt} onChange={(e) => update((d) => ({ ...d, prompt: e.target.value }))} />
          </label>
          {data.items.map((it, i) => (
            <div key={i} className="gt-line">
              <input aria-label={tr(locale, `第 ${i + 1} 项`, `Item ${i + 1}`)} value={it} onChange={(e) => update((d) => ({ ...d, items: replaceAt(d.items, i, e.target.value) }))} />
              <button type="button" aria-label={`${del} ${i + 1}`} onClick={() => update((d) => ({ ...d, items: removeAt(d.items, i) }))}>×</button>
            </div>
          ))}
          <button type="button" onClick={() => update((d) => ({ ...d, items: [...d.items, ''] }))}>{tr(locale, '＋ 添加一项', '+ Add item')}</button>
        </fieldset>
      )}
      {data.kind === 'quiz' &&
        data.questions.map((q, qi) => (
          <fieldset key={qi}>
            <legend>{tr(locale, `第 ${qi + 1} 题`, `Question ${qi + 1}`)}</legend>
            <input aria-label={tr(locale, `第 ${qi + 1} 题题目`, `Question ${qi + 1} text`)} value={q.question} onChange={(e) => update((d) => ({ ...d, questions: replaceAt(d.questions, qi, { ...q, question: e.target.value }) }))} />
            {q.options.map((o, oi) => (
              <div key={oi} className="gt-line">
                <input type="radio" name={`gt-answer-${qi}`} checked={q.answer === oi} aria-label={tr(locale, `选项 ${oi + 1} 是正确答案`, `Option ${oi + 1} is the answer`)} onChange={() => update((d) => ({ ...d, questions: replaceAt(d.questions, qi, { ...q, answer: oi }) }))} />
                <input aria-label={tr(locale, `第 ${qi + 1} 题选项 ${oi + 1}`, `Question ${qi + 1} option ${oi + 1}`)} value={o} onChange={(e) => update((d) => ({ ...d, questions: replaceAt(d.questions, qi, { ...q, options: replaceAt(q.options, oi, e.target.value) }) }))} />
                <button type="button" aria-label={`${del} ${oi + 1}`} onClick={() => update((d) => ({ ...d, questions: replaceAt(d.questions, qi, { ...q, options: removeAt(q.options, oi), answer: q.answer === oi ? -1 : q.answer > oi ? q.answer - 1 : q.answer }) }))}>×</button>
              </div>
            ))}
            <button type="button" onClick={() => update((d) => ({ ...d, questions: replaceAt(d.questions, qi, { ...q, options: [...q.options, ''] }) }))}>{tr(locale, '＋ 选项', '+ Option')}</button>
            <button type="button" onClick={() => update((d) => ({ ...d, questions: removeAt(d.questions, qi) }))}>{tr(locale, '删除此题', 'Remove question')}</button>
          </fieldset>
        ))}
      {data.kind === 'quiz' && (
        <button type="button" onClick={() => update((d) => ({ ...d, questions: [...d.questions, { question: '', options: ['', ''], answer: -1 }] }))}>{tr(locale, '＋ 添加一题', '+ Add question')}</button>
      )}
      <div className="gt-problems" aria-live="polite">
        {problems.length > 0 && (
          <>
            <p>{tr(locale, '还不能开始游戏：', 'Not playable yet:')}</p>
            <ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>
          </>
        )}
      </div>
    </form>
  );
}
