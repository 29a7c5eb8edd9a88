import type { UploadFile } from '@dscloud/sdk/upload';
import { formatBytes, formatEta, formatSpeed } from './format.js';
import { canPause, hashPercent, phaseOf, statusText, uploadPercent } from './fileStatus.js';
import type { Lang, UploaderMessages } from './messages.js';
import { ProgressBar } from './ProgressBar.js';

export interface FileRowProps {
  file: UploadFile;
  messages: UploaderMessages;
  lang: Lang;
  onPause: (id: string) => void;
  onResume: (id: string) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}

/** States with a look of their own; the rest take the colour of their phase (MD5 or upload). */
const TONES: Partial<Record<UploadFile['status'], 'failed' | 'paused' | 'done' | 'waiting'>> = {
  failed: 'failed',
  paused: 'paused',
  done: 'done',
  waitingForNetwork: 'waiting',
};

/** One file: name, size, state in words, its progress bar, speed and time left, and its actions. */
export function FileRow({ file, messages: m, lang, onPause, onResume, onRetry, onRemove }: FileRowProps) {
  const phase = phaseOf(file);
  const tone = TONES[file.status] ?? phase;
  const moving = file.status === 'uploading' && file.speed > 0;
  const button = (label: string, action: (id: string) => void, kind: string) => (
    <button
      type="button"
      className={`ds-uploader__action ds-uploader__action--${kind}`}
      part={`action action-${kind}`}
      aria-label={`${label} ${file.name}`}
      onClick={() => action(file.id)}
    >
      {label}
    </button>
  );
  return (
    <li className="ds-uploader__file" part="file" data-status={file.status} data-file-id={file.id}>
      <div className="ds-uploader__file-head">
        <span className="ds-uploader__name" part="file-name" title={file.name}>
          {file.name}
        </span>
        <span className="ds-uploader__size">{formatBytes(file.size)}</span>
      </div>
      <ProgressBar
        value={phase === 'hash' ? hashPercent(file) : uploadPercent(file)}
        label={`${phase === 'hash' ? m.hashing : m.uploading} ${file.name}`}
        part={phase === 'hash' ? 'progress hash-progress' : 'progress upload-progress'}
        tone={tone}
      />
      <div className="ds-uploader__file-foot">
        <span className="ds-uploader__status" part="file-status" data-tone={tone}>
          {statusText(file, m, lang)}
          {file.resumed && file.status !== 'done' ? <span className="ds-uploader__tag">{m.resumed}</span> : null}
        </span>
        {moving ? (
          <span className="ds-uploader__rate">
            {formatSpeed(file.speed, m)}
            {file.eta !== undefined ? ` · ${formatEta(file.eta, m)}` : ''}
          </span>
        ) : null}
        <span className="ds-uploader__actions">
          {canPause(file) ? button(m.pause, onPause, 'pause') : null}
          {file.status === 'paused' ? button(m.resume, onResume, 'resume') : null}
          {file.status === 'failed' ? button(m.retry, onRetry, 'retry') : null}
          {button(m.remove, onRemove, 'remove')}
        </span>
      </div>
    </li>
  );
}
