import { useId, useRef, useState, type FormEvent } from 'react';
import { ClearNotes } from './ClearNotes.js';
import { formatTime } from './messages.js';
import type { NotesMessages } from './notesMessages.js';
import type { LessonNote } from './playerTypes.js';

export interface NotesPanelProps {
  notes: LessonNote[];
  messages: NotesMessages;
  /** The video's current time, read when the viewer starts a note. */
  currentTime(): number;
  onSave(content: string, videoTime: number): Promise<unknown>;
  onSeek(note: LessonNote): void;
  onDelete(note: LessonNote): Promise<unknown>;
  /** Deletes every note of the viewer on this lesson (after the panel asked). */
  onDeleteAll(): Promise<unknown>;
}

/**
 * Notes pinned to a moment. The moment is taken when the viewer starts writing (not when they
 * press save a minute later), which is the moment the note is about.
 */
export function NotesPanel({ notes, messages: m, currentTime, onSave, onSeek, onDelete, onDeleteAll }: NotesPanelProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [time, setTime] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const capture = () => {
    if (time === null) setTime(currentTime());
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await onSave(content, time ?? currentTime());
      setText('');
      setTime(null);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ds-player__notes" part="notes" aria-labelledby={titleId}>
      <h2 id={titleId} className="ds-player__notes-title">{m.notes}</h2>
      <form className="ds-player__note-form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={fieldId} className="ds-player__note-label">{time === null ? m.newNote : m.noteLabel(formatTime(time))}</label>
        <textarea
          ref={field}
          id={fieldId}
          name="note"
          className="ds-player__note-input"
          part="note-input"
          rows={3}
          maxLength={2000}
          placeholder={m.notePlaceholder}
          value={text}
          onFocus={capture}
          onChange={(event) => {
            capture();
            setText(event.target.value);
            if (!event.target.value) setTime(null);
          }}
        />
        <button type="submit" className="ds-player__button" part="note-save" disabled={busy || !text.trim()}>
          {busy ? m.saving : m.saveNote}
        </button>
        {failed ? <p className="ds-player__error" role="alert">{m.noteFailed}</p> : null}
      </form>
      {notes.length ? <ClearNotes count={notes.length} messages={m} onConfirm={onDeleteAll} onDone={() => field.current?.focus()} /> : null}
      {notes.length ? (
        <ol className="ds-player__note-list">
          {notes.map((note) => (
            <li key={note.lessonNoteId} className="ds-player__note" part="note">
              <button type="button" className="ds-player__note-time" aria-label={m.seekTo(formatTime(note.videoTime))} onClick={() => onSeek(note)}>
                {formatTime(note.videoTime)}
              </button>
              <p className="ds-player__note-text">{note.content}</p>
              <button
                type="button"
                className="ds-player__note-delete"
                aria-label={m.deleteNote(formatTime(note.videoTime))}
                onClick={() => void onDelete(note).catch(() => undefined)}
              >
                {m.delete}
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="ds-player__empty">{m.noNotes}</p>
      )}
    </section>
  );
}
