import { useMemo, useRef } from 'react';
import css from './lesson-notes.css?inline';
import { useStyles } from '../shared/adoptStyles.js';
import type { LessonApi } from './lessonApi.js';
import type { Lang } from './messages.js';
import { notesMessages } from './notesMessages.js';
import { NotesPanel } from './NotesPanel.js';
import type { LessonNote } from './playerTypes.js';
import { useNotes } from './useNotes.js';

export interface LessonNotesProps {
  api: LessonApi;
  lessonId: string;
  resourceId: string | null;
  lang: Lang;
  currentTime(): number;
  onSeek(note: LessonNote): void;
  onSaved(note: LessonNote): void;
}

/**
 * The notes of a logged-in viewer: its own lazily loaded part, since anonymous viewers and plain
 * `sources` playlists never need it.
 */
export default function LessonNotes({ api, lessonId, resourceId, lang, currentTime, onSeek, onSaved }: LessonNotesProps) {
  const notes = useNotes(api, lessonId, true);
  const messages = useMemo(() => notesMessages(lang), [lang]);
  const root = useRef<HTMLDivElement>(null);
  useStyles(root, 'ds-lesson-notes', css);
  return (
    <div ref={root}>
      <NotesPanel
        notes={notes.notes}
        messages={messages}
        currentTime={currentTime}
        onSave={async (content, videoTime) => onSaved(await notes.save(content, videoTime, resourceId))}
        onSeek={onSeek}
        onDelete={notes.remove}
        onDeleteAll={notes.removeAll}
      />
    </div>
  );
}
