import { useId, useState } from 'react';
import { useT } from '../../i18n/useT';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A five-pointed star, 1em square, filled or drawn as an outline. Drawn here rather than taken from
 * @ant-design/icons: antd's own Rate uses that icon, so the build keeps it in antd's file, which this
 * page must not fetch.
 */
export function Star({ filled = true }: { filled?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <polygon
        points="12 1.8 15.1 8.3 22.2 9.2 17 14.1 18.4 21.2 12 17.7 5.6 21.2 7 14.1 1.8 9.2 8.9 8.3"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={filled ? 0 : 1.8}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A score of 1–5 as five radio buttons drawn as stars (antd's Rate in plain markup: the lesson page
 * loads no antd). The radios keep what a keyboard and a screen reader expect: Tab reaches the group,
 * the arrow keys choose, each star is named. Choosing the score the viewer already gave changes nothing.
 */
export function StarRating({ value, onChange, labelledBy }: { value: number; onChange: (value: number) => void; labelledBy: string }) {
  const t = useT();
  const name = useId();
  const [hover, setHover] = useState(0);
  const lit = hover || value;
  return (
    <span className="ds-stars" role="radiogroup" aria-labelledby={labelledBy} onMouseLeave={() => setHover(0)}>
      {STARS.map((n) => (
        <label key={n} className={`ds-star${n <= lit ? ' ds-star--on' : ''}`} onMouseEnter={() => setHover(n)}>
          <input
            type="radio"
            className="ds-visually-hidden"
            name={name}
            value={n}
            checked={value === n}
            aria-label={t('detail.stars', { n })}
            onChange={() => onChange(n)}
          />
          <Star />
        </label>
      ))}
    </span>
  );
}
