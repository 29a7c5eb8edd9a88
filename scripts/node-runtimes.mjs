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

/**
 * The server's test files that run again on the other Node lines (docs/testing.md, "Other Node lines"):
 * the unit tests under src/ and seed/, and one file for each thing that changes between Node lines — the
 * HTTP server's timeouts and aborted requests (http, clientAbort, slowClients), streams and the file system
 * under uploads and fetch (files.upload, files.abort, files.s3), crypto (login: RSA without padding and
 * scrypt in a worker thread; tokens: HMAC tickets), child processes and signals (shutdown.process; cli:
 * the built server started as `npm start` does), native and WebAssembly modules (imageVariants: sharp;
 * every file opens PGlite; src/db/pgliteDisk: PGlite's fsync on the disk), the workbook streams and the
 * bounded unzip in a child process (workbooks.read, teachers.importLimits, reviewStats.exports), zlib
 * (captcha: its PNG) and readiness (health.ready). The other server files test the product's rules over
 * the same APIs, and run once, on the tools' Node line.
 */
export const NODE_LINE_SERVER_FILES = [
  'src/',
  'seed/',
  'test/http.test.ts',
  'test/clientAbort.test.ts',
  'test/slowClients.test.ts',
  'test/files.upload.test.ts',
  'test/files.abort.test.ts',
  'test/files.s3.test.ts',
  'test/login.test.ts',
  'test/tokens.test.ts',
  'test/shutdown.process.test.ts',
  'test/cli.test.ts',
  'test/imageVariants.test.ts',
  'test/workbooks.read.test.ts',
  'test/teachers.importLimits.test.ts',
  'test/reviewStats.exports.test.ts',
  'test/captcha.test.ts',
  'test/health.ready.test.ts',
];
