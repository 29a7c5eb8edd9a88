import { useEffect, useRef, useState } from 'react';
import HanziWriter from 'hanzi-writer';
import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { charDataLoader } from '../shared/charData.js';

type Status = 'loading' | 'ready' | 'animating' | 'quiz' | 'done' | 'failed';

/** Stroke order of one character (hanzi-writer): an animation to watch, then tracing practice. */
export function StrokePanel({ char, locale, onError }: { char: string; locale: ToolProps['locale']; onError(m: string): void }) {
  const target = useRef<HTMLDivElement>(null);
  const writer = useRef<HanziWriter | undefined>(undefined);
  const [status, setStatus] = useState<Status>('loading');
  const [mistakes, setMistakes] = useState(0);

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    el.replaceChildren();
    setStatus('loading');
    const w = HanziWriter.create(el, char, {
      width: 220,
      height: 220,
      padding: 10,
      showOutline: true,
      charDataLoader,
      onLoadCharDataSuccess: () => setStatus('ready'),
      onLoadCharDataError: () => {
        setStatus('failed');
        onError(tr(locale, `没有「${char}」的笔顺数据`, `No stroke data for "${char}"`));
      },
    });
    writer.current = w;
    return () => {
      w.cancelQuiz();
      writer.current = undefined;
    };
  }, [char, locale, onError]);

  const animate = () => {
    setStatus('animating');
    void writer.current?.animateCharacter({ onComplete: () => setStatus('ready') });
  };
  const practise = () => {
    setMistakes(0);
    setStatus('quiz');
    void writer.current?.quiz({ onMistake: (s) => setMistakes(s.totalMistakes), onComplete: (s) => (setMistakes(s.totalMistakes), setStatus('done')) });
  };
  const busy = status === 'loading' || status === 'failed';
  return (
    <section className="py-strokes" aria-label={tr(locale, `「${char}」的笔顺`, `Stroke order of "${char}"`)}>
      <div ref={target} className="py-writer" data-status={status} />
      <div className="py-buttons">
        <button type="button" disabled={busy} onClick={animate}>{tr(locale, '演示笔顺', 'Animate strokes')}</button>
        <button type="button" disabled={busy} onClick={practise}>{tr(locale, '描红练习', 'Practise')}</button>
      </div>
      <p aria-live="polite" className="py-status">
        {status === 'loading' && tr(locale, '正在加载笔顺…', 'Loading strokes…')}
        {status === 'quiz' && tr(locale, `请按笔顺书写（错误 ${mistakes} 次）`, `Write in stroke order (${mistakes} mistakes)`)}
        {status === 'done' && tr(locale, `完成！错误 ${mistakes} 次`, `Done! ${mistakes} mistakes`)}
        {status === 'failed' && tr(locale, `没有「${char}」的笔顺数据`, `No stroke data for "${char}"`)}
      </p>
    </section>
  );
}
