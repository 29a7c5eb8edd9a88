import { useEffect, useMemo, useRef, useState } from 'react';
import { createUploader, type Uploader, type UploaderOptions } from '@dscloud/sdk/upload';
import type { Platform } from '../shared/platformRegistry.js';
import { uploadAuthHeaders, uploadUserKey } from './authHeaders.js';
import type { Lang } from './messages.js';
import { resolveRules, type ResolvedRules } from './uploadRules.js';
import { useFileConfig } from './useFileConfig.js';

/** The engine's seams a host may replace (stories, tests): everything else follows the attributes. */
export type UploaderEngineSeams = Partial<
  Pick<UploaderOptions, 'transport' | 'hashRunner' | 'resumeStore' | 'clock' | 'loadMp4Box' | 'retryDelays' | 'restartDelayMs' | 'speedWindowMs'>
>;

export interface EngineSettings {
  accept?: string;
  maxCount?: number;
  maxSize?: string;
  chunkSize?: number;
  businessCode?: string | number;
  requireH264: boolean;
  token: string | undefined;
  lang: Lang;
  seams?: UploaderEngineSeams;
}

export interface Engine {
  uploader: Uploader | undefined;
  rules: ResolvedRules;
  configStatus: 'idle' | 'loading' | 'ready' | 'failed';
}

/**
 * Builds the upload engine once the server's file config has answered (or failed: the element then
 * works with what its attributes say). A new engine replaces the old one only when a setting that
 * the engine bakes in changes; the token and language are read per call.
 */
export function useUploaderEngine(platform: Platform, settings: EngineSettings): Engine {
  const config = useFileConfig(platform);
  const latest = useRef(settings);
  latest.current = settings;
  const mobile = platform.device.deviceType !== 'pc';
  const { accept, maxCount, maxSize, chunkSize, businessCode, requireH264, seams } = settings;
  const rules = useMemo(
    () => resolveRules({ accept, maxCount, maxSize, mobile }, config.value),
    [accept, maxCount, maxSize, mobile, config.value],
  );
  const settled = config.status === 'ready' || config.status === 'failed';
  const [uploader, setUploader] = useState<Uploader>();

  useEffect(() => {
    if (!settled) return undefined;
    const code = businessCode === undefined || businessCode === '' ? undefined : Number(businessCode);
    const token = () => latest.current.token;
    const instance = createUploader({
      apiBase: platform.apiBase,
      filePrefix: platform.paths.file(''),
      rules: rules.rules,
      chunkSize: chunkSize && chunkSize > 0 ? chunkSize : config.value?.uploadChunkSize,
      requireH264,
      ...(code !== undefined && Number.isFinite(code) ? { businessCode: code } : {}),
      authHeaders: uploadAuthHeaders(platform, token, () => latest.current.lang),
      userKey: uploadUserKey(platform, token),
      ...seams,
    });
    setUploader(instance);
    return () => instance.destroy();
  }, [platform, settled, rules, chunkSize, businessCode, requireH264, seams, config.value]);

  return { uploader, rules, configStatus: config.status };
}
