import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';

/** The end of a game: the score, what went wrong, and another go. */
export function Results({ score, total, details, locale, onAgain }: { score: number; total: number; details?: string[]; locale: ToolProps['locale']; onAgain(): void }) {
  return (
    <section className="gt-results" role="status" aria-label={tr(locale, '结果', 'Results')}>
      <h3>{score === total ? tr(locale, '全部正确！', 'All correct!') : tr(locale, '完成', 'Finished')}</h3>
      <p className="gt-score">{tr(locale, `得分：${score} / ${total}`, `Score: ${score} / ${total}`)}</p>
      {details && details.length > 0 && (
        <ul>
          {details.map((d, i) => <li key={i}>{d}</li>)}
        </ul>
      )}
      <button type="button" onClick={onAgain} autoFocus>{tr(locale, '再玩一次', 'Play again')}</button>
    </section>
  );
}
