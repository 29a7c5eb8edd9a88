import { useCallback, useEffect, useState } from 'react';
import type { LessonApi } from './lessonApi.js';
import type { LessonNote } from './playerTypes.js';

export interface Notes {
  notes: LessonNote[];
  save(content: string, videoTime: number, resourceId: string | null): Promise<LessonNote>;
  remove(note: LessonNote): Promise<void>;
  /** Deletes every note of the viewer on this lesson (on the server first; the list empties when it answers). */
  removeAll(): Promise<void>;
}

const byTime = (a: LessonNote, b: LessonNote) => a.videoTime - b.videoTime || (a.createTime ?? 0) - (b.createTime ?? 0);

/** The viewer's own notes on a lesson, kept in time order. Loads only when `enabled` (logged in). */
export function useNotes(api: LessonApi, lessonId: string | undefined, enabled: boolean): Notes {
  const [notes, setNotes] = useState<LessonNote[]>([]);
  // Another lesson (or viewer) starts from an empty list (set while rendering, so another lesson's notes never show).
  const [asked, setAsked] = useState({ api, lessonId, enabled });
  if (asked.api !== api || asked.lessonId !== lessonId || asked.enabled !== enabled) {
    setAsked({ api, lessonId, enabled });
    setNotes([]);
  }
  useEffect(() => {
    if (!enabled || !lessonId) return;
    let cancelled = false;
    api.notes(lessonId).then(
      (rows) => !cancelled && setNotes(rows),
      () => undefined, // no list is shown as "no notes yet"; saving still reports its own failures
    );
    return () => {
      cancelled = true;
    };
  }, [api, lessonId, enabled]);

  const save = useCallback(
    async (content: string, videoTime: number, resourceId: string | null) => {
      const note = await api.saveNote({ lessonId: lessonId!, resourceId, content, videoTime: Math.floor(videoTime) });
      setNotes((list) => [...list.filter((n) => n.lessonNoteId !== note.lessonNoteId), note].sort(byTime));
      return note;
    },
    [api, lessonId],
  );
  const remove = useCallback(
    async (note: LessonNote) => {
      await api.deleteNote(note.lessonNoteId);
      setNotes((list) => list.filter((n) => n.lessonNoteId !== note.lessonNoteId));
    },
    [api],
  );
  const removeAll = useCallback(async () => {
    await api.deleteLessonNotes(lessonId!);
    setNotes([]);
  }, [api, lessonId]);
  return { notes, save, remove, removeAll };
}
