import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import css from './lesson-notes.css?inline';
import { useStyles } from '../shared/adoptStyles.js';
import { MARK_LIMITS, type ResourceMark, type ResourceMarkInput } from '@dscloud/sdk/lessons';
import type { LessonApi } from './lessonApi.js';
import { formatTime, type Lang } from './messages.js';
import { marksMessages } from './marksMessages.js';

export interface MarksEditorProps {
  api: LessonApi;
  resourceId: string;
  marks: ResourceMark[];
  lang: Lang;
  currentTime(): number;
  onSaved(marks: ResourceMark[]): void;
}

const inputOf = (mark: ResourceMark): ResourceMarkInput => ({ markTime: mark.markTime, title: mark.title, content: mark.content });

/**
 * The teacher's editor of a video's key points (`edit-marks`): a title pinned to the moment the
 * teacher starts typing, 添加要点, and 删除 per mark. Every change saves the whole list (batchSave);
 * the server decides who may (the lesson's teacher or an administrator) and what is refused, and its
 * message is shown as it is. A lazily loaded part: viewers never fetch it.
 */
export default function MarksEditor({ api, resourceId, marks, lang, currentTime, onSaved }: MarksEditorProps) {
  const m = useMemo(() => marksMessages(lang), [lang]);
  const root = useRef<HTMLElement>(null);
  useStyles(root, 'ds-lesson-notes', css);
  const titleId = useId();
  const fieldId = useId();
  const [title, setTitle] = useState('');
  const [time, setTime] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const store = async (next: ResourceMarkInput[]) => {
    setBusy(true);
    setFailure('');
    try {
      onSaved(await api.saveMarks(resourceId, next));
      return true;
    } catch (error) {
      setFailure(`${m.saveFailed}：${error instanceof Error ? error.message : String(error)}`);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const capture = () => {
    if (time === null) setTime(Math.floor(currentTime()));
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const text = title.trim();
    if (!text || busy) return;
    const at = time ?? Math.floor(currentTime());
    if (await store([...marks.map(inputOf), { markTime: at, title: text }].sort((a, b) => a.markTime - b.markTime))) {
      setTitle('');
      setTime(null);
    }
  };

  return (
    <section ref={root} className="ds-player__marks-editor" part="marks-editor" aria-labelledby={titleId}>
      <h2 id={titleId} className="ds-player__notes-title">{m.editTitle}</h2>
      <form className="ds-player__note-form" onSubmit={(event) => void add(event)}>
        <label htmlFor={fieldId} className="ds-player__note-label">{m.newMark(formatTime(time ?? currentTime()))}</label>
        <input
          id={fieldId}
          name="markTitle"
          className="ds-player__note-input"
          maxLength={MARK_LIMITS.title}
          placeholder={m.markPlaceholder}
          value={title}
          onFocus={capture}
          onChange={(event) => {
            capture();
            setTitle(event.target.value);
            if (!event.target.value) setTime(null);
          }}
        />
        <button type="submit" className="ds-player__button" disabled={busy || !title.trim() || marks.length >= MARK_LIMITS.marks}>
          {busy ? m.saving : m.addMark}
        </button>
        {failure ? <p className="ds-player__error" role="alert">{failure}</p> : null}
      </form>
      {marks.length ? (
        <ol className="ds-player__note-list">
          {marks.map((mark) => (
            <li key={mark.markId} className="ds-player__note">
              <span className="ds-player__mark-time">{formatTime(mark.markTime)}</span>
              <p className="ds-player__note-text">{mark.title}</p>
              <button
                type="button"
                className="ds-player__note-delete"
                disabled={busy}
                aria-label={m.removeMark(formatTime(mark.markTime), mark.title)}
                onClick={() => void store(marks.filter((other) => other.markId !== mark.markId).map(inputOf))}
              >
                {m.remove}
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="ds-player__empty">{m.noMarks}</p>
      )}
    </section>
  );
}
