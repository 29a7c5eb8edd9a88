/**
 * A private copy of the built server for a test file that starts it as a process: another test file
 * may rebuild dist/main.js at the same moment (esbuild rewrites it in place), and a process started
 * on a half-written bundle fails with a syntax error instead of doing what the test checks.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the server and copies the bundle to dist/<name>/main.js; answers that path. */
export function privateServerBundle(name: string): string {
  const mainJs = path.join(serverDir, 'dist', name, 'main.js');
  mkdirSync(path.dirname(mainJs), { recursive: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    execFileSync(process.execPath, [path.join(serverDir, 'build.mjs')], { cwd: serverDir, stdio: 'ignore' });
    for (const file of ['main.js.map', 'main.js']) {
      const target = path.join(path.dirname(mainJs), file);
      copyFileSync(path.join(serverDir, 'dist', file), `${target}.${process.pid}`);
      renameSync(`${target}.${process.pid}`, target);
    }
    // A copy taken while another build was writing ends before the bundle's last line.
    if (readFileSync(mainJs, 'utf8').trimEnd().endsWith('//# sourceMappingURL=main.js.map')) return mainJs;
  }
  throw new Error('could not copy a complete server bundle');
}
