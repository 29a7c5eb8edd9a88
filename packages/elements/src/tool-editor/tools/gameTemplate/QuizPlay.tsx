import { useId, useState } from 'react';
import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import type { Question } from './gameDoc.js';
import { Results } from './Results.js';

/** 选择题: one question at a time (radio group: arrow keys choose, Enter goes on), results at the end. */
export function QuizPlay({ questions, locale }: { questions: Question[]; locale: ToolProps['locale'] }) {
  const [at, setAt] = useState(0);
  const [answers, setAnswers] = useState<number[]>([]);
  const [choice, setChoice] = useState<number>();
  const name = useId();
  if (at >= questions.length) {
    const score = answers.filter((a, i) => a === questions[i]!.answer).length;
    const details = questions.map((q, i) => (answers[i] === q.answer ? `${i + 1}. ✓ ${q.options[q.answer]}` : tr(locale, `${i + 1}. ✗ 正确答案：${q.options[q.answer]}`, `${i + 1}. ✗ answer: ${q.options[q.answer]}`)));
    return <Results score={score} total={questions.length} details={details} locale={locale} onAgain={() => (setAt(0), setAnswers([]), setChoice(undefined))} />;
  }
  const q = questions[at]!;
  const next = () => {
    if (choice === undefined) return;
    setAnswers((a) => [...a, choice]);
    setChoice(undefined);
    setAt((n) => n + 1);
  };
  return (
    <form className="gt-quiz" onSubmit={(e) => (e.preventDefault(), next())}>
      <fieldset>
        <legend>{tr(locale, `第 ${at + 1} / ${questions.length} 题：`, `Question ${at + 1} / ${questions.length}: `)}{q.question}</legend>
        {q.options.map((o, i) => (
          <label key={`${at}-${i}`} className="gt-option">
            <input type="radio" name={name} checked={choice === i} onChange={() => setChoice(i)} />
            {o}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={choice === undefined}>{at + 1 === questions.length ? tr(locale, '交卷', 'Finish') : tr(locale, '下一题', 'Next')}</button>
    </form>
  );
}
