// The Node.js LTS lines the platform supports besides the one running the tools (README, "Runtime").
// `npm test` runs the Node-facing suites on each of them too. The binaries come from the npm registry's
// official `node-<os>-<arch>` packages (the only network CI has), unpacked once into `.tmp/node/`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-steps.mjs';

/** Pinned, so a run is repeatable; raise them with the LTS point releases. */
export const NODE_RUNTIMES = ['22.23.3', '24.21.0'];

const platformPackage = (version) => `node-${process.platform}-${process.arch}@${version}`;

/** The `node` binary of `version`, fetched and unpacked when missing; throws with npm's words when it cannot. */
export function nodeRuntime(version) {
  const dir = join(root, '.tmp/node', version);
  const bin = join(dir, 'bin/node');
  if (existsSync(bin)) return bin;
  const work = join(root, '.tmp/node', `${version}.part`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const packed = spawnSync('npm', ['pack', platformPackage(version), '--silent'], { cwd: work, encoding: 'utf8' });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (packed.status !== 0 || !tarball) throw new Error(`Node ${version}: npm pack ${platformPackage(version)} failed: ${packed.stderr.trim()}`);
  const unpacked = spawnSync('tar', ['xzf', tarball, '--strip-components=1'], { cwd: work, encoding: 'utf8' });
  if (unpacked.status !== 0) throw new Error(`Node ${version}: unpacking failed: ${unpacked.stderr.trim()}`);
  rmSync(join(work, tarball));
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return bin;
}
