import { useEffect, useState } from 'react';
import { FEEDBACK_SCREENSHOTS_MAX } from '@dscloud/sdk/help';
import { createUploader, resolveRules, type Uploader, type UploadFile } from '@dscloud/sdk/upload';
import type { Platform } from '../shared/platformRegistry.js';
import { useStore } from '../shared/useStore.js';
import type { Lang } from './messages.js';

/** Pictures a screenshot may be; the server's file config narrows them further. */
export const SCREENSHOT_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.bmp';
export const SCREENSHOT_MAX_SIZE = '10mb';

const noFiles: readonly UploadFile[] = [];
const idleStore = { getState: () => ({ files: noFiles }), subscribe: () => () => undefined };
const selectFiles = (state: { files: readonly UploadFile[] }) => state.files;

export interface Screenshots {
  files: readonly UploadFile[];
  /** Adds pictures; answers the refusal to show (wrong type, too big, more than three), or ''. */
  add(files: FileList | File[]): string;
  remove(id: string): void;
  /** The stored files' ids, in the order they were added. */
  ids(): string[];
  busy: boolean;
  accept: string;
}

/**
 * Up to three screenshots, uploaded through the SDK's upload engine as soon as they are chosen (the
 * same checks, chunks and 秒传 as `<ds-uploader>`); the feedback carries their file ids.
 */
export function useScreenshots(platform: Platform, token: string | undefined, lang: Lang): Screenshots {
  const [uploader, setUploader] = useState<Uploader | null>(null);
  const [accept, setAccept] = useState(SCREENSHOT_ACCEPT);
  useEffect(() => {
    let live = true;
    let made: Uploader | null = null;
    void platform.config.file().then(
      (config) => config,
      () => undefined,
    ).then((config) => {
      if (!live) return;
      const rules = resolveRules({ accept: SCREENSHOT_ACCEPT, maxCount: FEEDBACK_SCREENSHOTS_MAX, maxSize: SCREENSHOT_MAX_SIZE }, config);
      if (rules.inputAccept) setAccept(rules.inputAccept);
      made = createUploader({ apiBase: platform.apiBase, http: platform.http, rules: rules.rules, token: () => token, locale: () => lang });
      setUploader(made);
    });
    return () => {
      live = false;
      made?.destroy();
    };
  }, [platform, token, lang]);
  const files = useStore(uploader?.store ?? idleStore, selectFiles).filter((file) => file.status !== 'cancelled');
  return {
    files,
    accept,
    busy: !uploader || files.some((file) => file.status !== 'done' && file.status !== 'failed'),
    add(chosen) {
      if (!uploader) return '';
      const { notices } = uploader.add(Array.from(chosen));
      const notice = notices[0];
      return notice ? (lang === 'en' ? notice.messageEn : notice.messageZh) : '';
    },
    remove: (id) => uploader?.remove(id),
    ids: () => files.filter((file) => file.status === 'done' && file.fileInfoId !== undefined).map((file) => String(file.fileInfoId)),
  };
}
