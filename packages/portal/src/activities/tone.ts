/**
 * The tags' tones, from the theme's tokens (activities.css), whose text passes 4.5:1 on its background
 * (antd's preset tag colours do not: their orange and green text on the tint fail the contrast rule).
 */
export type Tone = 'green' | 'orange' | 'blue' | 'purple' | 'red' | 'default';

export function toneClass(tone: string): string {
  return `ds-act-tone ds-act-tone--${tone}`;
}
