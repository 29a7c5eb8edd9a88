import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import type { UploaderMessages } from './messages.js';

export interface DropZoneProps {
  messages: UploaderMessages;
  multiple: boolean;
  /** For the native picker, e.g. `.mp4,.mov`. */
  inputAccept: string;
  hint: string;
  /** Refuses files (none of the uploader's states needs it now: files chosen early wait for the settings). */
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Where files come in: a real button that opens the native picker (keyboard: Tab, Enter), drag and
 * drop onto the zone, and paste while focus is inside the uploader.
 */
export function DropZone({ messages: m, multiple, inputAccept, hint, disabled = false, onFiles }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const take = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []);
    if (files.length && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };
  // Enter/leave fire for every child crossed: count them so the highlight does not flicker.
  const enter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const leave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    take(event.dataTransfer?.files);
  };
  const paste = (event: ClipboardEvent) => {
    if (!event.clipboardData?.files.length) return;
    event.preventDefault();
    take(event.clipboardData.files);
  };

  return (
    <div
      className="ds-uploader__drop"
      part="drop-zone"
      data-dragging={dragging ? '' : undefined}
      onDragEnter={enter}
      onDragOver={(event) => hasFiles(event) && event.preventDefault()}
      onDragLeave={leave}
      onDrop={drop}
      onPaste={paste}
    >
      <svg className="ds-uploader__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3l5 5h-3v6h-4V8H7l5-5zm-7 14h14v3H5v-3z" />
      </svg>
      <p className="ds-uploader__drop-text">
        {dragging ? m.dropActive : m.dropTitle}{' '}
        <button
          type="button"
          className="ds-uploader__picker"
          part="picker"
          aria-describedby={hint ? hintId : undefined}
          aria-disabled={disabled ? 'true' : undefined}
          onClick={() => !disabled && input.current?.click()}
        >
          {m.choose}
        </button>
      </p>
      {hint ? (
        <p id={hintId} className="ds-uploader__hint" part="hint">
          {hint}
        </p>
      ) : null}
      <input
        ref={input}
        className="ds-uploader__input"
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        multiple={multiple}
        accept={inputAccept || undefined}
        onChange={(event) => {
          take(event.currentTarget.files);
          // The same file chosen again must fire change again (resume after a reload).
          event.currentTarget.value = '';
        }}
      />
    </div>
  );
}
