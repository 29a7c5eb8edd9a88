/**
 * Sends played time to the server in batches (`addLearningDuration`), framework-free. Normal
 * batches go through the SDK client; when the page is being hidden or closed there is no time for
 * promises, so the last batch goes through a fire-and-forget sender (fetch keepalive).
 */
import type { LearningReport } from './lessonApi.js';
import type { WatchTime } from './watchTime.js';

export interface StudyTarget {
  lessonId: string;
  resourceId: string;
}

export interface StudyReporterOptions {
  watch: WatchTime;
  /** What is playing now; null when there is nothing to report to (no lesson, not logged in). */
  target: () => StudyTarget | null;
  send: (report: LearningReport) => Promise<unknown>;
  /** Must not wait: the page may be gone a moment later. */
  sendOnHide: (report: LearningReport) => void;
}

export interface StudyReporter {
  /** Sends a batch when a full one has been played. */
  maybeFlush(): Promise<void>;
  /** Sends whatever whole seconds are pending (pause, end, switching videos). */
  flush(): Promise<void>;
  /** Page hidden or closing: sends pending seconds with keepalive, now. */
  flushOnHide(): void;
}

export function createStudyReporter({ watch, target, send, sendOnHide }: StudyReporterOptions): StudyReporter {
  let sending: Promise<void> | null = null;

  async function flush(): Promise<void> {
    // One report at a time: the server checks each batch against the time since the previous one.
    while (sending) await sending;
    const to = target();
    const batch = to ? watch.take() : null;
    if (!to || !batch) return;
    sending = send({ ...to, ...batch }).then(
      () => undefined,
      () => watch.giveBack(batch),
    );
    try {
      await sending;
    } finally {
      sending = null;
    }
  }

  return {
    maybeFlush: () => (watch.due() ? flush() : Promise.resolve()),
    flush,
    flushOnHide() {
      const to = target();
      const batch = to ? watch.take() : null;
      if (to && batch) sendOnHide({ ...to, ...batch });
    },
  };
}
