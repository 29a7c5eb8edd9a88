import type { ToolProps } from '../../toolModule.js';

/** The text for the current locale: Chinese unless the host asks for English. */
export const tr = (locale: ToolProps['locale'], zh: string, en: string): string => (locale === 'en' ? en : zh);
