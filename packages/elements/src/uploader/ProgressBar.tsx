export interface ProgressBarProps {
  /** Whole percent, 0–100. */
  value: number;
  label: string;
  part: string;
  tone?: 'hash' | 'upload' | 'done' | 'failed' | 'paused' | 'waiting';
}

/** A labelled progressbar: assistive technology reads the value from aria-valuenow, not the width. */
export function ProgressBar({ value, label, part, tone = 'upload' }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className={`ds-uploader__bar ds-uploader__bar--${tone}`}
      part={part}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
    >
      <div className="ds-uploader__bar-fill" style={{ width: `${clamped}%` }} />
    </div>
  );
}
