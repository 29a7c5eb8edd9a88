import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { learnEn, learnZh } from './learnMessages';
import { shellWords } from './messages';
import { screenEn, screenZh } from './screenWords';

/**
 * The shell's words are the only ones in the first load; the home screen adds the learning words. A
 * shell or home file that shows a word of another screen would show its key instead: this walks the
 * source files each one reaches and finds every word key they name.
 */
const src = fileURLToPath(new URL('..', import.meta.url));
const everyKey = new Set([...Object.keys(shellWords['zh-CN']), ...Object.keys(screenZh)]);

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => existsSync(f) && statSync(f).isFile());
}

/** Source files reached from `entry` by static and lazy imports, except the screens and the word catalogues. */
function reached(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [resolve(src, entry)];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || file.includes('/i18n/') || file.endsWith('routes/screens.ts')) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:from\s*|import\s*\(?\s*)'(\.[^']+)'/g)) {
      const next = resolveImport(file, m[1]!);
      if (next) stack.push(next);
    }
  }
  return seen;
}

/** Word keys named in the files (any string literal that is a key), each with where it is used. */
function keysUsed(files: Set<string>): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/['`]([a-zA-Z][\w.]*)['`]/g)) {
      if (everyKey.has(m[1]!)) used.set(m[1]!, relative(src, file));
    }
  }
  return used;
}

const missing = (used: Map<string, string>, available: Set<string>) => [...used].filter(([key]) => !available.has(key)).map(([key, file]) => `${key} (${file})`);

describe('word catalogue per screen', () => {
  const shell = new Set(Object.keys(shellWords['zh-CN']));

  it('the shell (everything the entry reaches but the screens) uses only the shell words', () => {
    const used = keysUsed(reached('main.tsx'));
    expect(used.size).toBeGreaterThan(20);
    expect(missing(used, shell)).toEqual([]);
  });

  it('the home screen uses only the shell and learning words it loads', () => {
    const used = keysUsed(reached('screens/HomeScreen.tsx'));
    expect(used.has('learn.recommended')).toBe(true);
    expect(missing(used, new Set([...shell, ...Object.keys(learnZh)]))).toEqual([]);
  });

  it('every word has an English text, and no screen word shadows a shell word', () => {
    expect(Object.keys(shellWords.en).sort()).toEqual(Object.keys(shellWords['zh-CN']).sort());
    expect(Object.keys(screenEn).sort()).toEqual(Object.keys(screenZh).sort());
    expect(Object.keys(learnEn).sort()).toEqual(Object.keys(learnZh).sort());
    expect(Object.keys(screenZh).filter((key) => shell.has(key))).toEqual([]);
  });
});
