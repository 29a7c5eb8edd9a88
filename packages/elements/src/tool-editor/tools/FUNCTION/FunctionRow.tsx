import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { formulaProblem } from './formula.js';
import type { PlotFunction } from './functionDoc.js';

interface Props {
  index: number;
  fn: PlotFunction;
  params: string[];
  readOnly: boolean;
  locale: ToolProps['locale'];
  onCommit(expr: string): void;
  onRemove(): void;
  onError(message: string): void;
}

/** A pause in typing after which a valid formula counts as entered (the document is then unsaved). */
const SETTLE_MS = 600;

/**
 * One formula: typed freely, checked on Enter or when the field is left; a bad one never reaches the plot.
 * A valid formula also counts as entered once typing pauses: a teacher who types and then goes for 保存
 * (disabled on an unchanged document, so its click moves no focus and leaves no blur) has an unsaved
 * document to save, not a formula that silently stayed in the field.
 */
export function FunctionRow({ index, fn, params, readOnly, locale, onCommit, onRemove, onError }: Props) {
  const [draft, setDraft] = useState(fn.expr);
  const [problem, setProblem] = useState<string>();
  const id = useId();
  // The formula changed from outside (undo, redo, reopen): the field shows it.
  const [shown, setShown] = useState(fn.expr);
  if (shown !== fn.expr) {
    setShown(fn.expr);
    setDraft(fn.expr);
  }
  // The latest handler, so a host that renders again while the teacher pauses does not restart the wait.
  const latestCommit = useRef(onCommit);
  useLayoutEffect(() => {
    latestCommit.current = onCommit;
  });
  useEffect(() => {
    if (readOnly || draft === fn.expr || draft.trim() === fn.expr || formulaProblem(draft, params, locale)) return undefined;
    const timer = setTimeout(() => {
      setProblem(undefined);
      latestCommit.current(draft.trim());
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [draft, fn.expr, params, locale, readOnly]);
  const commit = () => {
    if (draft === fn.expr && !problem) return;
    const message = formulaProblem(draft, params, locale);
    setProblem(message);
    if (message) onError(message);
    else onCommit(draft.trim());
  };
  return (
    <li className="fg-row">
      <label htmlFor={id} style={{ color: fn.color }}>
        {`f${index + 1}(x) =`}
      </label>
      <input
        id={id}
        value={draft}
        readOnly={readOnly}
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      {!readOnly && (
        <button type="button" onClick={onRemove} aria-label={tr(locale, `删除 f${index + 1}`, `Remove f${index + 1}`)}>
          ×
        </button>
      )}
      {problem && (
        <p id={`${id}-error`} role="alert" className="fg-error">
          {problem}
        </p>
      )}
    </li>
  );
}
