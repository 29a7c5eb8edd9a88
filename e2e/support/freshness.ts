import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of the given files and of any file below the given folders (node_modules and dist skipped). */
export function newestMtime(paths: string[]): number {
  let newest = 0;
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    if (!statSync(dir).isDirectory()) {
      newest = Math.max(newest, statSync(dir).mtimeMs);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  paths.forEach(walk);
  return newest;
}

/** An output is stale when it is missing or older than any of its sources. */
export function isStale(output: string, sources: string[]): boolean {
  if (!existsSync(output)) return true;
  return statSync(output).mtimeMs < newestMtime(sources);
}
