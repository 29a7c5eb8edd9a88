import { useMemo, useState } from 'react';
import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { shuffled } from './gameDoc.js';
import { Results } from './Results.js';

/** 排序: move items up and down (buttons, or Alt+↑/↓ on an item), then check. */
export function OrderingPlay(props: { prompt: string; items: string[]; locale: ToolProps['locale'] }) {
  // 再玩一次: a new round from scratch (freshly shuffled, unchecked).
  const [round, setRound] = useState(0);
  return <OrderingRound key={round} {...props} onAgain={() => setRound((r) => r + 1)} />;
}

function OrderingRound({ prompt, items, locale, onAgain }: { prompt: string; items: string[]; locale: ToolProps['locale']; onAgain(): void }) {
  const start = useMemo(() => shuffled(items.map((_, i) => i)), [items]);
  const [order, setOrder] = useState<number[]>();
  const current = order ?? start;
  const [checked, setChecked] = useState(false);
  const move = (at: number, by: number) => {
    const to = at + by;
    if (to < 0 || to >= current.length) return;
    const next = [...current];
    [next[at], next[to]] = [next[to]!, next[at]!];
    setOrder(next);
  };
  if (checked) {
    const right = current.filter((v, i) => v === i).length;
    const details = current.map((v, i) => (v === i ? `${i + 1}. ${items[v]} ✓` : tr(locale, `${i + 1}. ${items[v]} ✗（应为 ${items[i]}）`, `${i + 1}. ${items[v]} ✗ (should be ${items[i]})`)));
    return <Results score={right} total={items.length} details={details} locale={locale} onAgain={onAgain} />;
  }
  return (
    <div className="gt-ordering">
      <p>{prompt}</p>
      <ol>
        {current.map((v, i) => (
          <li key={v} tabIndex={0} className="gt-item" aria-label={tr(locale, `第 ${i + 1} 位：${items[v]}（Alt+方向键移动）`, `Position ${i + 1}: ${items[v]} (Alt+arrows move)`)} onKeyDown={(e) => {
            if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
            e.preventDefault();
            const by = e.key === 'ArrowUp' ? -1 : 1;
            const list = e.currentTarget.parentElement;
            move(i, by);
            // The moved item keeps the focus, so it can be moved again.
            requestAnimationFrame(() => (list?.children[i + by] as HTMLElement | undefined)?.focus());
          }}>
            <span>{items[v]}</span>
            <button type="button" disabled={i === 0} onClick={() => move(i, -1)} aria-label={tr(locale, `上移 ${items[v]}`, `Move ${items[v]} up`)}>↑</button>
            <button type="button" disabled={i === current.length - 1} onClick={() => move(i, 1)} aria-label={tr(locale, `下移 ${items[v]}`, `Move ${items[v]} down`)}>↓</button>
          </li>
        ))}
      </ol>
      <button type="button" className="gt-submit" onClick={() => setChecked(true)}>{tr(locale, '检查顺序', 'Check order')}</button>
    </div>
  );
}
