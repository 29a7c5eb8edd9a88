import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { themeTokens } from './themeTokens';

const packages = fileURLToPath(new URL('../../../', import.meta.url));
const tokenSheet = join(packages, 'elements/src/shared/tokens.css');
const themeFile = join(packages, 'portal/src/app/theme.ts');
// The colours stored in the tools' documents and exports (not theme: they must read the same anywhere).
const documentPalette = join(packages, 'elements/src/tool-editor/tools/shared/documentPalette.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'stories' ? [] : sources(path);
    return /\.(css|tsx?)$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const files = [...sources(join(packages, 'elements/src')), ...sources(join(packages, 'portal/src'))];
const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgb|rgba|hsl|hsla)\(/gi;
const used = (text: string, prefix: string) => new Set([...text.matchAll(new RegExp(`var\\((--${prefix}[a-z0-9-]+)`, 'g'))].map((m) => m[1]!));

describe('one theme vocabulary', () => {
  it("writes colours only in the elements token sheet, the portal antd theme and the tools' document palette", () => {
    const offenders = files
      .filter((file) => file !== tokenSheet && file !== themeFile && file !== documentPalette)
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(COLOUR)].map((m) => `${relative(packages, file)}: ${m[0]}`));
    expect(offenders).toEqual([]);
  });

  it('sets every --ds-color-* token the elements read, from the antd theme', () => {
    const tokens = themeTokens();
    const read = [...used(readFileSync(tokenSheet, 'utf8'), 'ds-color-')];
    expect(read.length).toBeGreaterThan(10);
    expect(read.filter((name) => !(name in tokens))).toEqual([]);
    // An element embedded in the portal shows the portal's blue, not its own default.
    expect(tokens['--ds-color-primary']).toBe(theme.token?.colorPrimary);
    expect(tokens['--ds-color-link']).toBe(theme.token?.colorLink);
    expect(tokens['--ds-color-danger']).toBe(theme.token?.colorError);
  });

  it('defines every --ds-color-* token the portal stylesheets use', () => {
    const tokens = themeTokens();
    const portalCss = files.filter((file) => file.includes('/portal/src/') && file.endsWith('.css'));
    const missing = portalCss.flatMap((file) => [...used(readFileSync(file, 'utf8'), 'ds-color-')].filter((name) => !(name in tokens)).map((name) => `${relative(packages, file)}: ${name}`));
    expect(missing).toEqual([]);
  });
});
