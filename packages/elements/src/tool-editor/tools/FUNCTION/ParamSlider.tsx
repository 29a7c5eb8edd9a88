import { useId } from 'react';
import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import type { Param } from './functionDoc.js';

/** A parameter's slider (arrow keys move it one step, as for any range input). */
export function ParamSlider({ param, readOnly, locale, onValue, onRemove }: { param: Param; readOnly: boolean; locale: ToolProps['locale']; onValue(v: number): void; onRemove(): void }) {
  const id = useId();
  return (
    <li className="fg-param">
      <label htmlFor={id}>{`${param.name} = ${param.value}`}</label>
      <input id={id} type="range" min={param.min} max={param.max} step={param.step} value={param.value} onChange={(e) => onValue(Number(e.target.value))} />
      {!readOnly && (
        <button type="button" onClick={onRemove} aria-label={tr(locale, `删除参数 ${param.name}`, `Remove parameter ${param.name}`)}>
          ×
        </button>
      )}
    </li>
  );
}
