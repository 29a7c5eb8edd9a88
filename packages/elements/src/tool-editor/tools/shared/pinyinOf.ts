import { pinyin } from 'pinyin-pro';

export interface Syllable {
  /** The character (or any other text, kept as it is). */
  char: string;
  /** Its pinyin with tone marks ('' for anything that is not a Chinese character). */
  pinyin: string;
  /** Every reading of a 多音字 (more than one entry), for the teacher's choice. */
  readings: string[];
  /** Set when the teacher chose the reading. */
  overridden: boolean;
}

/**
 * The pinyin of a text in context (pinyin-pro picks 觉 jué in 不觉 and jiào in 睡觉), with the teacher's
 * choices by position in the text winning over the dictionary.
 */
export function syllables(text: string, overrides: Record<string, string> = {}): Syllable[] {
  return pinyin(text, { type: 'all' }).map((s, i) => {
    const chosen = overrides[String(i)];
    return { char: s.origin, pinyin: chosen ?? (s.isZh ? s.pinyin : ''), readings: s.isZh ? s.polyphonic : [], overridden: chosen !== undefined };
  });
}

/** Overrides that still point at the same character after the text changed (others are dropped). */
export function keepOverrides(before: string, after: string, overrides: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  const a = [...before];
  const b = [...after];
  for (const [i, value] of Object.entries(overrides)) if (a[Number(i)] === b[Number(i)]) kept[i] = value;
  return kept;
}
