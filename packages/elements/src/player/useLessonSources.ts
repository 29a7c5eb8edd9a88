import { useEffect, useState } from 'react';
import { DsError } from '@dscloud/sdk/errors';
import type { Lang } from './messages.js';
import type { LessonApi, LoadedLesson } from './lessonApi.js';
import type { VideoSource } from './playerTypes.js';

export type SourcesState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; sources: VideoSource[]; resume: LoadedLesson['resume'] };

/**
 * The playlist: the `sources` the host gave, else the lesson's videos from the server. A host that
 * gives both gets its own sources (and the lesson id only for notes and study time).
 */
export function useLessonSources(api: LessonApi, lessonId: string | undefined, sources: VideoSource[] | undefined, lang: Lang): SourcesState {
  const [state, setState] = useState<SourcesState>({ status: 'loading' });
  const fromServer = !sources?.length && !!lessonId;

  // Another request starts from loading (set while rendering, so no frame shows the previous lesson as the new one).
  const [asked, setAsked] = useState({ api, lessonId, lang, fromServer });
  if (asked.api !== api || asked.lessonId !== lessonId || asked.lang !== lang || asked.fromServer !== fromServer) {
    setAsked({ api, lessonId, lang, fromServer });
    if (fromServer) setState({ status: 'loading' });
  }

  useEffect(() => {
    if (!fromServer || !lessonId) return;
    let cancelled = false;
    api.load(lessonId, lang).then(
      (lesson) => !cancelled && setState({ status: 'ready', sources: lesson.sources, resume: lesson.resume }),
      (error: unknown) => {
        if (cancelled) return;
        setState({ status: 'failed', message: error instanceof DsError ? error.localizedMessage(lang) : '' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, lessonId, lang, fromServer]);

  if (!fromServer) return { status: 'ready', sources: sources ?? [], resume: null };
  return state;
}
