import { useMemo, useState } from 'react';
import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { shuffled, type Pair } from './gameDoc.js';
import { Results } from './Results.js';

/** 连连看: pick a left item, then its partner on the right (Tab + Enter, or clicks). */
export function MatchingPlay(props: { pairs: Pair[]; locale: ToolProps['locale'] }) {
  // 再玩一次: a new round from scratch (freshly shuffled, nothing matched).
  const [round, setRound] = useState(0);
  return <MatchingRound key={round} {...props} onAgain={() => setRound((r) => r + 1)} />;
}

function MatchingRound({ pairs, locale, onAgain }: { pairs: Pair[]; locale: ToolProps['locale']; onAgain(): void }) {
  const rights = useMemo(() => shuffled(pairs.map((_, i) => i)), [pairs]);
  const [picked, setPicked] = useState<number>();
  const [matched, setMatched] = useState<number[]>([]);
  const [misses, setMisses] = useState(0);
  const [feedback, setFeedback] = useState('');
  if (matched.length === pairs.length) {
    return <Results score={pairs.length} total={pairs.length + misses} details={[tr(locale, `配错 ${misses} 次`, `${misses} wrong tries`)]} locale={locale} onAgain={onAgain} />;
  }
  const chooseRight = (i: number) => {
    if (picked === undefined) return setFeedback(tr(locale, '请先选左边的一项', 'Pick a left item first'));
    if (picked === i) {
      setMatched((m) => [...m, i]);
      setFeedback(tr(locale, `配对正确：${pairs[i]!.left} — ${pairs[i]!.right}`, `Right: ${pairs[i]!.left} — ${pairs[i]!.right}`));
    } else {
      setMisses((n) => n + 1);
      setFeedback(tr(locale, '不对，再试试', 'Not a pair, try again'));
    }
    setPicked(undefined);
  };
  return (
    <div className="gt-matching">
      <ul aria-label={tr(locale, '左边', 'Left')}>
        {pairs.map((p, i) => (
          <li key={i}>
            <button type="button" className="gt-left" disabled={matched.includes(i)} aria-pressed={picked === i} onClick={() => setPicked(i)}>{p.left}</button>
          </li>
        ))}
      </ul>
      <ul aria-label={tr(locale, '右边', 'Right')}>
        {rights.map((i) => (
          <li key={i}>
            <button type="button" className="gt-right" disabled={matched.includes(i)} onClick={() => chooseRight(i)}>{pairs[i]!.right}</button>
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="gt-feedback">{feedback}</p>
    </div>
  );
}
