import { useEffect } from 'react';
import { ConfigKeys, DEFAULT_AREA_CODE, type Config } from '@dscloud/sdk/config';
import { useStore } from '../shared/useStore.js';
import type { LoginSettings } from './loginTypes.js';

type ConfigState = ReturnType<Config['getState']>;

const readSettings = (state: ConfigState): LoginSettings | null => {
  const values = state.value?.values;
  if (state.status === 'failed') return { areaCode: DEFAULT_AREA_CODE, rememberPassword: false, forgotPasswordUrl: '', wechatAreaCodes: [] };
  if (!values) return null;
  return {
    areaCode: values[ConfigKeys.areaCode] || DEFAULT_AREA_CODE,
    rememberPassword: values[ConfigKeys.rememberPassword] === '1',
    forgotPasswordUrl: (values[ConfigKeys.forgotPasswordUrl] ?? '').trim(),
    wechatAreaCodes: (values[ConfigKeys.wechatAreaCodes] ?? '').split(',').map((code) => code.trim()).filter(Boolean),
  };
};

/**
 * The login switches from global configuration; null until loaded. A failed load falls back to the
 * plain form so a bureau can still log in while its config is broken.
 */
export function useLoginSettings(config: Config): LoginSettings | null {
  useEffect(() => {
    config.ready().catch(() => undefined);
  }, [config]);
  return useStore(config, readSettings);
}
