import { useId, useRef } from 'react';
import type { FeedbackMessages } from './feedbackMessages.js';
import type { Screenshots } from './useScreenshots.js';

export interface ScreenshotListProps {
  label: string;
  messages: FeedbackMessages;
  screenshots: Screenshots;
  max: number;
  buttonRef: (el: HTMLButtonElement | null) => void;
  onProblem: (message: string) => void;
}

/** The chosen screenshots with their upload state and 删除, and 添加截图 while fewer than `max`. */
export function ScreenshotList({ label, messages: f, screenshots, max, buttonRef, onProblem }: ScreenshotListProps) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const { files } = screenshots;
  return (
    <div className="ds-help__shots" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="ds-help__label">
        {label}
      </p>
      {files.length ? (
        <ul className="ds-help__shot-list">
          {files.map((file) => (
            <li key={file.id} className="ds-help__shot" part="screenshot">
              <span className="ds-help__shot-name">{file.name}</span>{' '}
              <span className="ds-help__shot-status" data-status={file.status}>
                {file.status === 'done' ? f.uploaded : file.status === 'failed' ? f.uploadFailed : f.uploading(Math.round(file.percent))}
              </span>
              <button type="button" className="ds-help__button ds-help__shot-remove" aria-label={f.remove(file.name)} onClick={() => screenshots.remove(file.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={screenshots.accept}
        multiple
        hidden
        onChange={(event) => {
          const chosen = event.target.files;
          if (chosen?.length) onProblem(screenshots.add(chosen));
          event.target.value = '';
        }}
      />
      <button type="button" ref={buttonRef} className="ds-help__button" disabled={files.length >= max} onClick={() => input.current?.click()}>
        {f.addScreenshot}
      </button>
    </div>
  );
}
