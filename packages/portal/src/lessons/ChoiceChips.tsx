import { useId } from 'react';

export interface Choice<V> {
  value: V;
  label: string;
}

/**
 * One choice of a few, seen at a glance: radio buttons drawn as chips (antd's button radios and
 * Segmented in plain markup: /learn loads no antd for its first view). The radios keep what a keyboard
 * and a screen reader expect: Tab reaches the group, the arrow keys choose, the group has a name.
 * `segmented` draws the options as one control on a track (a sort order).
 */
export function ChoiceChips<V extends string | number>(props: {
  labelledBy?: string;
  label?: string;
  value: V;
  options: readonly Choice<V>[];
  onChange: (value: V) => void;
  segmented?: boolean;
}) {
  const name = useId();
  return (
    <div
      className={props.segmented ? 'ds-chips ds-chips--segmented' : 'ds-chips'}
      role="radiogroup"
      aria-labelledby={props.labelledBy}
      aria-label={props.labelledBy ? undefined : props.label}
    >
      {props.options.map((option) => (
        <label key={String(option.value)} className={option.value === props.value ? 'ds-chip ds-chip--on' : 'ds-chip'}>
          <input
            type="radio"
            className="ds-visually-hidden"
            name={name}
            value={String(option.value)}
            checked={option.value === props.value}
            onChange={() => props.onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
