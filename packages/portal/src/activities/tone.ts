/**
 * The tags' tones, with text dark enough on its tint for 4.5:1 (antd's preset colours are lighter:
 * their orange and green text on the tint fail the contrast rule).
 */
export type Tone = 'green' | 'orange' | 'blue' | 'purple' | 'red' | 'default';

export function toneClass(tone: string): string {
  return `ds-act-tone ds-act-tone--${tone}`;
}
