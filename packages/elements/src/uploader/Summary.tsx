import type { UploadTotals } from '@dscloud/sdk/upload';
import { formatBytes, formatEta, formatSpeed } from './format.js';
import type { UploaderMessages } from './messages.js';
import { ProgressBar } from './ProgressBar.js';

/** Overall progress of every file still in the list (cancelled ones excluded). */
export function Summary({ totals, messages: m }: { totals: UploadTotals; messages: UploaderMessages }) {
  if (totals.count === 0) return null;
  const finished = totals.done === totals.count;
  return (
    <div className="ds-uploader__summary" part="summary">
      <ProgressBar value={Math.floor(totals.percent)} label={m.overall} part="progress overall-progress" tone={finished ? 'done' : 'upload'} />
      <div className="ds-uploader__summary-text">
        <span>{m.summary(totals.done, totals.count)}</span>
        <span>
          {formatBytes(totals.uploadedBytes)} / {formatBytes(totals.totalBytes)}
        </span>
        {totals.speed > 0 && !finished ? (
          <span>
            {formatSpeed(totals.speed, m)}
            {totals.eta !== undefined ? ` · ${formatEta(totals.eta, m)}` : ''}
          </span>
        ) : null}
      </div>
    </div>
  );
}
