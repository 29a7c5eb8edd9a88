import { useEffect, useState } from 'react';
import type { ResourceMark } from '@dscloud/sdk/lessons';
import type { LessonApi } from './lessonApi.js';

export interface Marks {
  marks: ResourceMark[];
  /** What the server stored after an edit. */
  replace(marks: ResourceMark[]): void;
}

/** The key points of the video playing (public; none while there is no lesson video). */
export function useMarks(api: LessonApi, resourceId: string | null): Marks {
  const [state, setState] = useState<{ resourceId: string | null; marks: ResourceMark[] }>({ resourceId, marks: [] });
  // Another video starts from no marks (set while rendering, so one video's marks never show on another).
  if (state.resourceId !== resourceId) setState({ resourceId, marks: [] });
  useEffect(() => {
    if (!resourceId) return;
    let cancelled = false;
    api.marks(resourceId).then(
      (marks) => !cancelled && setState({ resourceId, marks }),
      () => undefined, // no marks shown; the video plays as before
    );
    return () => {
      cancelled = true;
    };
  }, [api, resourceId]);
  return { marks: state.resourceId === resourceId ? state.marks : [], replace: (marks) => setState({ resourceId, marks }) };
}
