import { useEffect, useState } from 'react';
import type { UploadQuota } from '@dscloud/sdk/files';
import type { Platform } from '../shared/platformRegistry.js';

/**
 * The caller's storage quota (`GET /file/v1/file/quota`), read again after each finished upload, so
 * the uploader shows what is used and left and refuses at once a file that cannot fit. Unknown
 * (undefined) until it answers, and when it cannot be read: the server checks every upload anyway.
 * `settled` once the first read has answered or failed.
 */
export function useUploadQuota(platform: Platform | undefined, token: string | undefined, finished: number): { quota: UploadQuota | undefined; settled: boolean } {
  const [quota, setQuota] = useState<UploadQuota>();
  // Whether the first read has answered or failed: files chosen before wait for it (Uploader.tsx).
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!platform) return undefined;
    let live = true;
    const options = token ? { public: true, silent: true, headers: { Authorization: token } } : { silent: true };
    platform.http
      .get<UploadQuota>(platform.paths.file('/v1/file/quota'), undefined, options)
      .then((answer) => live && answer && setQuota(answer))
      .catch(() => undefined)
      .finally(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, [platform, token, finished]);
  return { quota, settled };
}
