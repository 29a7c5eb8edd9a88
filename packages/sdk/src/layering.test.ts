import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every module specifier: static imports and exports, dynamic import(), require(). */
function specifiers(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

const PACKAGES = join(SRC, '..', '..');
const UPPER_LAYERS = [join(PACKAGES, 'elements'), join(PACKAGES, 'portal')];

/** A relative import that climbs out of the SDK into the elements or the portal. */
function reachesUpperLayer(file: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return false;
  const target = join(dirname(file), specifier);
  return UPPER_LAYERS.some((layer) => target === layer || target.startsWith(`${layer}/`));
}

const FORBIDDEN = [/^react($|\/)/, /^react-dom($|\/)/, /^@r2wc\//, /^@dscloud\/elements($|\/)/, /^@dscloud\/portal($|\/)/];

/** Relative imports between the given files, as a graph; each cycle is reported once, from where it was entered. */
function importCycles(files: string[], read = (file: string) => readFileSync(file, 'utf8')): string[][] {
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      specifiers(read(file))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => join(dirname(file), specifier).replace(/\.js$/, '.ts'))
        .filter((target) => known.has(target)),
    ]),
  );
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    if (path.includes(file)) {
      cycles.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const target of edges.get(file) ?? []) visit(target);
    path.pop();
    done.add(file);
  };
  files.forEach(visit);
  return cycles;
}

describe('layering', () => {
  const files = sources(SRC);

  it('finds the SDK sources', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('keeps React, r2wc, the elements and the portal out of the SDK', () => {
    const offences: string[] = [];
    for (const file of files) {
      if (file === fileURLToPath(import.meta.url)) continue;
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        if (FORBIDDEN.some((rule) => rule.test(specifier)) || reachesUpperLayer(file, specifier)) {
          offences.push(`${relative(SRC, file)} imports ${specifier}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('has no import cycle, type-only imports included (a new module finds one direction to depend in)', () => {
    const cycles = importCycles(files.filter((file) => !/\.test\.tsx?$/.test(file)));
    expect(cycles.map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '))).toEqual([]);
  });

  it('would catch an offender', () => {
    // Built from parts so that text searches for forbidden imports do not mistake this sample for one.
    const from = (specifier: string) => ['fr', 'om ', `'${specifier}'`].join('');
    const code = `import { useState } ${from('react')};\nexport * ${from('../../../elements/src/x')};\nawait import('@r2wc/react-to-web-component');`;
    expect(specifiers(code)).toEqual(['react', '../../../elements/src/x', '@r2wc/react-to-web-component']);
    expect(reachesUpperLayer(join(SRC, 'http', 'client.ts'), '../../../elements/src/x')).toBe(true);
    expect(reachesUpperLayer(join(SRC, 'http', 'client.ts'), '../errors/index.js')).toBe(false);
    const [a, b] = [join(SRC, 'upload', 'a.ts'), join(SRC, 'upload', 'b.ts')];
    const pair: Record<string, string> = { [a]: `import type { B } ${from('./b.js')};`, [b]: `import { a } ${from('./a.js')};` };
    expect(importCycles([a, b], (file) => pair[file]!)).toEqual([[a, b, a]]);
  });
});
