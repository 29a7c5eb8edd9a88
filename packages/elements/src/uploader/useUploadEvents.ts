import { useLayoutEffect, useRef } from 'react';
import type { Uploader, UploadFile, UploaderState } from '@dscloud/sdk/upload';
import { wholePercent } from './format.js';
import type { Lang, UploaderMessages } from './messages.js';
import { PROGRESS_INTERVAL_MS, type UploaderCallbacks } from './uploaderEvents.js';

const message = (issue: { messageZh: string; messageEn: string }, lang: Lang) => (lang === 'en' ? issue.messageEn : issue.messageZh);

/**
 * Turns store changes into the element's outcomes: callbacks (→ DOM events) and spoken updates.
 * Works on differences between two states, so nothing fires twice for one change.
 */
export function useUploadEvents(
  uploader: Uploader | undefined,
  callbacks: UploaderCallbacks,
  lang: Lang,
  m: UploaderMessages,
  announce: (text: string, kind: 'progress' | 'outcome') => void,
): void {
  const latest = useRef({ callbacks, lang, m, announce });
  useLayoutEffect(() => {
    latest.current = { callbacks, lang, m, announce };
  });

  // Layout effect: subscribed in the same commit that enables the picker, so no early file goes unheard.
  useLayoutEffect(() => {
    if (!uploader) return undefined;
    const sentAt = new Map<string, number>();
    const progress = (file: UploadFile, force: boolean) => {
      const now = performance.now();
      if (!force && now - (sentAt.get(file.id) ?? -Infinity) < PROGRESS_INTERVAL_MS) return;
      sentAt.set(file.id, now);
      const loaded = Math.min(file.size, file.uploadedBytes);
      latest.current.callbacks.onProgress?.({
        fileId: file.id,
        name: file.name,
        loaded,
        total: file.size,
        percent: file.status === 'done' ? 100 : file.percent,
        speed: file.speed,
      });
    };
    return uploader.store.subscribe((state: UploaderState, previous: UploaderState) => {
      const { callbacks: cb, lang: l, m: text, announce: say } = latest.current;
      const before = new Map(previous.files.map((file) => [file.id, file]));
      for (const file of state.files) {
        const old = before.get(file.id);
        if (old === file) continue;
        if (file.status === 'done' && old?.status !== 'done') {
          progress({ ...file, uploadedBytes: file.size }, true);
          cb.onComplete?.({ fileId: file.id, fileInfoId: file.fileInfoId ?? file.fileInfo?.fileInfoId ?? -1, fileInfo: file.fileInfo, instant: file.instant });
          say(text.announceDone(file.name, file.instant), 'outcome');
        } else if (file.status === 'failed' && old?.status !== 'failed' && file.error) {
          cb.onError?.({ fileId: file.id, code: file.error.code, message: message(file.error, l) });
          say(text.announceFailed(file.name, message(file.error, l)), 'outcome');
        } else if (file.status === 'waitingForNetwork' && old?.status !== 'waitingForNetwork') {
          say(text.announceWaiting(file.name), 'outcome');
        } else if (old?.status === 'waitingForNetwork' && file.status !== 'paused' && file.status !== 'cancelled') {
          say(text.announceBack(file.name), 'outcome');
        } else if (file.status === 'uploading' && file.uploadedBytes !== old?.uploadedBytes) {
          progress(file, false);
          say(text.announceProgress(file.name, wholePercent(file.uploadedBytes, file.size)), 'progress');
        } else if (file.status === 'hashing' && file.hashedBytes !== old?.hashedBytes) {
          say(text.announceHashing(file.name, wholePercent(file.hashedBytes, file.size)), 'progress');
        }
      }
      if (state.notices !== previous.notices) {
        const known = new Set(previous.notices);
        for (const notice of state.notices.filter((item) => !known.has(item))) {
          const detail = { fileId: null, code: notice.code, message: message(notice, l), ...(notice.fileName ? { fileName: notice.fileName } : {}) };
          cb.onError?.(detail);
          say(notice.fileName ? `${notice.fileName}${text.separator}${detail.message}` : detail.message, 'outcome');
        }
      }
    });
  }, [uploader]);
}
