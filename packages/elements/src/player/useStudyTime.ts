import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Platform } from '../shared/platformRegistry.js';
import type { LessonApi } from './lessonApi.js';
import type { Lang } from './messages.js';
import type { StudyTime } from './studyEngine.js';
import type { StudyTarget } from './studyReporter.js';

export type { StudyTime };

/**
 * Counts played time for the current lesson video and reports it while the viewer is logged in
 * (`enabled`); null until the study part has loaded. The last batch leaves when the tab is hidden
 * or closed (visibilitychange / pagehide).
 */
export function useStudyTime(platform: Platform, api: LessonApi, target: StudyTarget | null, lang: Lang, enabled: boolean): StudyTime | null {
  const current = useRef(target);
  useLayoutEffect(() => {
    current.current = target;
  });
  const [study, setStudy] = useState<StudyTime | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void import('./studyEngine.js').then(({ createStudy }) => {
      if (!cancelled) setStudy(createStudy(platform, api, () => current.current, lang));
    });
    return () => {
      cancelled = true;
      setStudy(null);
    };
  }, [platform, api, lang, enabled]);

  useEffect(() => {
    if (!study) return;
    const onHide = () => {
      if (document.visibilityState === 'hidden') study.reporter.flushOnHide();
    };
    const onPageHide = () => study.reporter.flushOnHide();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      // Unmounting (the host removed the player, or the lesson changed): the pending seconds still count.
      void study.reporter.flush();
    };
  }, [study]);
  return study;
}
