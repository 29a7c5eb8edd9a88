import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { resolveRules, type ResolvedRules, type Uploader, type UploaderOptions } from '@dscloud/sdk/upload';
import { useProvidedPlatform } from '../shared/providedPlatform.js';
import type { Lang } from './messages.js';
import { useEngineCore } from './useEngineCore.js';
import { useFileConfig } from './useFileConfig.js';
import { useUploadQuota } from './useUploadQuota.js';
import type { UploadQuota } from '@dscloud/sdk/files';
import { useStore, type ReadableStore } from '../shared/useStore.js';

type Finished = { totals: { done: number } };
const NOTHING_FINISHED: Finished = { totals: { done: 0 } };
const noUploader: ReadableStore<Finished> = { getState: () => NOTHING_FINISHED, subscribe: () => () => undefined };
const finishedOf = (state: Finished) => state.totals.done;

/** The engine's seams a host may replace (stories, tests): everything else follows the attributes. */
export type UploaderEngineSeams = Partial<
  Pick<
    UploaderOptions,
    'transport' | 'hashRunner' | 'resumeStore' | 'clock' | 'network' | 'loadMp4Box' | 'retryDelays' | 'restartDelayMs' | 'networkProbeDelays' | 'speedWindowMs'
  >
>;

export interface EngineSettings {
  apiBase?: string;
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
  /** What could not be fetched: the lazy engine part (no uploads until it loads) or the file config (defaults apply). */
  loadProblem: 'engine' | 'config' | undefined;
  /** Tries the failed load again now (it is also tried again when the network is back). */
  retryLoad: () => void;
  /** The caller's storage quota, once read. */
  quota: UploadQuota | undefined;
  /** The engine exists and the first quota read has answered or failed: a file added now meets every rule. */
  ready: boolean;
}

/**
 * The upload engine, built once the lazy core has loaded and the server's file config has answered
 * (or failed: the element then works with what its attributes say). One engine per platform: when an
 * attribute changes, the engine takes the new rules for files added afterwards, and the list and the
 * uploads under way stay. The token and language are read per call.
 */
export function useUploaderEngine(settings: EngineSettings): Engine {
  const { core, failed, retry } = useEngineCore();
  const provided = useProvidedPlatform();
  const platform = provided ?? core?.getPlatform(settings.apiBase);
  const config = useFileConfig(platform);
  const latest = useRef(settings);
  useLayoutEffect(() => {
    latest.current = settings;
  });
  const mobile = !!platform && platform.device.deviceType !== 'pc';
  const { accept, maxCount, maxSize, chunkSize, businessCode, requireH264, seams } = settings;
  const rules = useMemo(
    () => resolveRules({ accept, maxCount, maxSize, mobile }, config.value),
    [accept, maxCount, maxSize, mobile, config.value],
  );
  const [uploader, setUploader] = useState<Uploader>();
  const finished = useStore<Finished, number>(uploader?.store ?? noUploader, finishedOf);
  const { quota, settled: quotaSettled } = useUploadQuota(platform, settings.token, finished);
  const engineSettings = useMemo(() => {
    const code = businessCode === undefined || businessCode === '' ? NaN : Number(businessCode);
    return {
      rules: quota ? { ...rules.rules, quota } : rules.rules,
      requireH264,
      businessCode: Number.isFinite(code) ? code : undefined,
      chunkSize: chunkSize && chunkSize > 0 ? chunkSize : config.value?.uploadChunkSize,
    };
  }, [rules, requireH264, businessCode, chunkSize, config.value, quota]);
  const current = useRef(engineSettings);
  useLayoutEffect(() => {
    current.current = engineSettings;
  });
  // Once the config has answered or failed, the engine stays: a later reload (back online) only
  // brings new rules for files added afterwards, it does not end the uploads under way.
  const [settled, setSettled] = useState(false);
  if (!settled && (config.status === 'ready' || config.status === 'failed')) setSettled(true);

  useEffect(() => {
    if (!settled || !core || !platform) return undefined;
    const token = () => latest.current.token;
    const instance = core.createUploader({
      apiBase: platform.apiBase,
      // The session's headers by default; the element overrides only the token it was given and its language.
      http: platform.http,
      ...current.current,
      token,
      locale: () => latest.current.lang,
      userKey: core.uploadUserKey(platform, token),
      ...seams,
    });
    setUploader(instance);
    return () => instance.destroy();
  }, [core, platform, settled, seams]);

  // Layout effect: the engine takes the new rules in the same commit that shows the new hint and picker filter.
  useLayoutEffect(() => uploader?.configure(engineSettings), [uploader, engineSettings]);

  const loadProblem = failed ? 'engine' : config.status === 'failed' ? 'config' : undefined;
  return { uploader, rules, configStatus: config.status, loadProblem, retryLoad: failed ? retry : config.reload, quota, ready: !!uploader && quotaSettled };
}
