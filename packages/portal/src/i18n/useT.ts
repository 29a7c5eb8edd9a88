import { useCallback, useSyncExternalStore } from 'react';
import { messages as sdkMessages, translate, type MessageKey as SdkKey } from '@dscloud/sdk/i18n';
import { localeStore } from './localeStore';
import { wordsIn } from './catalogue';
import type { MessageKey, PortalLocale } from './messages';

export type TKey = MessageKey | SdkKey;
export type Translate = (key: TKey, params?: Record<string, string | number>) => string;

export function useLocale(): PortalLocale {
  return useSyncExternalStore(localeStore.subscribe, localeStore.get, localeStore.get);
}

/** Portal words first, then the SDK catalogue, so both speak the same language at once. */
export function translateIn(locale: PortalLocale, key: TKey, params?: Record<string, string | number>): string {
  const own = wordsIn(locale);
  if (key in own) {
    const text = own[key]!;
    return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
  }
  if (key in sdkMessages) return translate(locale, key as SdkKey, params);
  return key;
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback<Translate>((key, params) => translateIn(locale, key, params), [locale]);
}
