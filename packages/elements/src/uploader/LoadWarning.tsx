import type { UploaderMessages } from './messages.js';

export interface LoadWarningProps {
  problem: 'engine' | 'config';
  messages: UploaderMessages;
  onRetry: () => void;
}

/**
 * What could not be fetched (offline at first use): the upload part, or the server's file config.
 * Either is tried again when the network is back; the button tries at once.
 */
export function LoadWarning({ problem, messages: m, onRetry }: LoadWarningProps) {
  return (
    <p className="ds-uploader__warning" part="notice" data-problem={problem}>
      <span>{problem === 'engine' ? m.engineFailed : m.configFailed}</span>
      <button type="button" className="ds-uploader__action" part="action action-reload" onClick={onRetry}>
        {m.retry}
      </button>
    </p>
  );
}
