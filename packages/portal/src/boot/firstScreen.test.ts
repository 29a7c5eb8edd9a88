import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { themeTokens } from '../app/themeTokens';

const indexHtml = readFileSync(fileURLToPath(new URL('../../index.html', import.meta.url)), 'utf8');

describe("index.html's first screen", () => {
  it('paints with the theme: every colour of its inline style is a --ds-color-* token with the theme’s value', () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(indexHtml)?.[1] ?? '';
    const tokens = themeTokens() as Record<string, string>;
    const declared = [...style.matchAll(/(--ds-color-[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]);
    expect(declared.length).toBeGreaterThan(3);
    expect(declared.filter(([name, value]) => tokens[name!] !== value)).toEqual([]);
    // No colour written anywhere else in the style.
    const rest = style.replace(/--ds-color-[a-z-]+:\s*[^;]+;/g, '');
    expect(rest.match(/#[0-9a-f]{3,8}\b|\b(?:rgb|rgba|hsl|hsla)\(/gi)).toBeNull();
  });

});
