/**
 * Finds the ffmpeg and ffprobe the transcoder runs (docs/video.md "Where ffmpeg comes from").
 *
 * In order: `FFMPEG_PATH` / `FFPROBE_PATH` (an operator's own build, e.g. Debian's `/usr/bin/ffmpeg`),
 * then the static binaries that npm installed with the server (`@ffmpeg-installer/<platform>-<arch>`
 * and `@ffprobe-installer/<platform>-<arch>`, optional dependencies that carry the binary inside the
 * registry tarball, so nothing is downloaded at install time). When neither gives a working pair the
 * answer says why, in Chinese for the teacher's screen and in English for the log: the platform still
 * starts and videos play as uploaded.
 *
 * The PATH is not searched: which binary runs must not depend on what happens to be installed, and
 * a set variable that does not work is reported rather than silently replaced by another binary.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams, type SpawnOptions } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { access, chmod, constants, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface VideoTool {
  path: string;
  /** The first line of `-version`, e.g. `ffmpeg version 5.1.6-0+deb12u1`. */
  version: string;
  source: 'env' | 'package';
}

export interface VideoTools {
  ffmpeg: VideoTool;
  ffprobe: VideoTool;
  /** Whether this ffmpeg can encode HEVC (libx265): only tests use it, to make phone-like sources. */
  canEncodeHevc: boolean;
}

export type VideoToolsAnswer = { ok: true; tools: VideoTools } | { ok: false; reason: { zh: string; en: string } };

/** Oldest numbered release accepted: every option the transcoder passes exists since 4.0. */
const MIN_MAJOR = 4;
const CHECK_TIMEOUT_MS = 15_000;

const PACKAGES = { ffmpeg: '@ffmpeg-installer', ffprobe: '@ffprobe-installer' } as const;

/**
 * Whether `file` is a statically linked ELF executable (no PT_INTERP program header). Unreadable or
 * not ELF: false.
 */
export function isStaticElf(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(4096);
    const n = readSync(fd, head, 0, head.length, 0);
    if (n < 64 || head.readUInt32BE(0) !== 0x7f454c46 || head[4] !== 2) return false;
    const le = head[5] === 1;
    const u16 = (o: number) => (le ? head.readUInt16LE(o) : head.readUInt16BE(o));
    const u32 = (o: number) => (le ? head.readUInt32LE(o) : head.readUInt32BE(o));
    const phoff = Number(le ? head.readBigUInt64LE(32) : head.readBigUInt64BE(32));
    const phentsize = u16(54);
    const phnum = u16(56);
    for (let i = 0; i < phnum; i++) {
      const at = phoff + i * phentsize;
      if (at + 4 > n) return false;
      if (u32(at) === 3) return false; // PT_INTERP: dynamically linked
    }
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const envs = new Map<string, NodeJS.ProcessEnv>();

/**
 * The environment to run a binary with. A statically linked ffmpeg/ffprobe (the packaged ones) still
 * loads the system's iconv modules at run time, and a module of another glibc crashes it: ffprobe
 * 2019–2023 builds die (SIGSEGV) on every MPEG-TS file, whose service names they convert from
 * ISO 6937 (measured here, docs/video.md). Pointing GCONV_PATH at nothing makes that conversion fail
 * cleanly instead (the names stay as they are, nothing we read depends on them). Dynamically linked
 * binaries (Debian's) keep the environment as it is.
 */
export function toolEnv(file: string): NodeJS.ProcessEnv {
  let env = envs.get(file);
  if (!env) {
    env = isStaticElf(file) ? { ...process.env, GCONV_PATH: '/nonexistent/ds-no-gconv' } : process.env;
    envs.set(file, env);
  }
  return env;
}

const SETPRIV = '/usr/bin/setpriv';
const NICE = '/usr/bin/nice';
/** Scheduling niceness of long ffmpeg runs (0 normal, 19 lowest). */
export const FFMPEG_NICENESS = 10;
let niceness = FFMPEG_NICENESS;
/** The niceness of this process's long ffmpeg runs from now on (`TRANSCODE_NICENESS`, settings.ts). */
export function setToolNiceness(value: number): void {
  niceness = value;
}
let deathSignal: boolean | undefined;
let niceAvailable: boolean | undefined;

/**
 * The command line that runs a long ffmpeg so that it dies with this process. A child outlives a
 * parent killed with SIGKILL (measured: ffmpeg went on encoding, re-parented to init), and a
 * restarted server would then run a second encode of the same job beside the orphan. Linux's
 * parent-death signal ends it; util-linux's `setpriv --pdeathsig KILL` sets it and then execs ffmpeg
 * in place (same pid). Where setpriv is missing (not Linux, a slim image) the command runs bare and
 * an orphan only finishes into a `.part-` folder that nothing names.
 */
export function toolCommand(file: string, args: string[]): [string, string[]] {
  deathSignal ??= process.platform === 'linux' && existsSync(SETPRIV);
  niceAvailable ??= process.platform !== 'win32' && existsSync(NICE);
  // Below the web requests: on 2 cores an encode takes both, and a page must not wait for it. An
  // idle machine gives ffmpeg all its time anyway. `nice` execs ffmpeg in place like setpriv, so
  // the parent-death signal and the pid carry over.
  const niced: [string, string[]] = niceAvailable && niceness > 0 ? [NICE, ['-n', String(niceness), file, ...args]] : [file, args];
  return deathSignal ? [SETPRIV, ['--pdeathsig', 'KILL', '--', niced[0], ...niced[1]]] : niced;
}

/** Spawns a binary with its environment (toolEnv) and, for long runs, tied to this process (toolCommand). */
export function spawnTool(file: string, args: string[], options: Omit<SpawnOptions, 'env'>): ChildProcessWithoutNullStreams {
  const [command, argv] = toolCommand(file, args);
  return spawn(command, argv, { ...options, env: toolEnv(file) }) as ChildProcessWithoutNullStreams;
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: CHECK_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, windowsHide: true, env: toolEnv(file) }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });
}

/** The binary inside the npm package for this platform, or null when that package is not installed. */
function packagedBinary(tool: 'ffmpeg' | 'ffprobe'): string | null {
  const require = createRequire(import.meta.url);
  const name = `${PACKAGES[tool]}/${process.platform}-${process.arch}`;
  try {
    const dir = path.dirname(require.resolve(`${name}/package.json`));
    return path.join(dir, process.platform === 'win32' ? `${tool}.exe` : tool);
  } catch {
    return null;
  }
}

/**
 * The packages make their binary executable in a postinstall script; an npm that does not run install
 * scripts (allowScripts, --ignore-scripts) leaves ffprobe as it is in the tarball, mode 644. The server
 * owns its node_modules in every deployment we ship, so it sets the bit itself.
 */
async function ensureExecutable(file: string): Promise<void> {
  try {
    await access(file, constants.X_OK);
  } catch {
    const { mode } = await stat(file);
    await chmod(file, mode | 0o111);
  }
}

/** `ffmpeg version 5.1.6-0+deb12u1 …` → 5; git builds (`N-47683-g…`) are accepted as they are. */
export function majorVersion(versionLine: string): number | 'git' | null {
  const match = /version\s+(?:n)?(\d+)\.(\d+)/i.exec(versionLine);
  if (match) return Number(match[1]);
  if (/version\s+N-\d+/i.test(versionLine)) return 'git';
  return null;
}

async function check(tool: 'ffmpeg' | 'ffprobe', file: string, source: VideoTool['source']): Promise<VideoTool> {
  await stat(file);
  if (source === 'package') await ensureExecutable(file);
  const out = await run(file, ['-hide_banner', '-version']);
  const version = out.split('\n')[0]?.trim() ?? '';
  const major = majorVersion(version);
  if (major === null) throw new Error(`not ${tool}: "${version.slice(0, 80)}"`);
  if (typeof major === 'number' && major < MIN_MAJOR) throw new Error(`${tool} ${major}.x is older than ${MIN_MAJOR}.0`);
  return { path: file, version, source };
}

async function locate(tool: 'ffmpeg' | 'ffprobe', envValue: string | undefined): Promise<VideoTool> {
  const envName = tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH';
  if (envValue) {
    try {
      return await check(tool, envValue, 'env');
    } catch (error) {
      throw new ToolError(`${envName}=${envValue} 不可用（${(error as Error).message}）`, `${envName}=${envValue} is not usable (${(error as Error).message})`);
    }
  }
  const packaged = packagedBinary(tool);
  if (!packaged) {
    throw new ToolError(
      `服务器上没有 ${tool}（未安装 ${PACKAGES[tool]}/${process.platform}-${process.arch}，也未设置 ${envName}）`,
      `no ${tool} on the server (${PACKAGES[tool]}/${process.platform}-${process.arch} is not installed and ${envName} is not set)`,
    );
  }
  try {
    return await check(tool, packaged, 'package');
  } catch (error) {
    throw new ToolError(`服务器自带的 ${tool} 无法运行（${(error as Error).message}）`, `the packaged ${tool} does not run (${(error as Error).message})`);
  }
}

class ToolError extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
  }
}

/** Looks once, checks both binaries and the encoders the ladder needs. Never throws. */
export async function findVideoTools(env: NodeJS.ProcessEnv = process.env): Promise<VideoToolsAnswer> {
  try {
    const [ffmpeg, ffprobe] = await Promise.all([locate('ffmpeg', env.FFMPEG_PATH), locate('ffprobe', env.FFPROBE_PATH)]);
    const encoders = await run(ffmpeg.path, ['-hide_banner', '-encoders']);
    // Only H.264 + AAC go out; a build without libx264 (some minimal ones) cannot make the ladder.
    if (!/\blibx264\b/.test(encoders)) throw new ToolError(`${ffmpeg.path} 缺少 H.264 编码器 libx264`, `${ffmpeg.path} has no libx264 encoder`);
    if (!/^\s*A\S*\s+aac\b/m.test(encoders)) throw new ToolError(`${ffmpeg.path} 缺少 AAC 编码器`, `${ffmpeg.path} has no AAC encoder`);
    return { ok: true, tools: { ffmpeg, ffprobe, canEncodeHevc: /\blibx265\b/.test(encoders) } };
  } catch (error) {
    if (error instanceof ToolError) return { ok: false, reason: { zh: error.zh, en: error.en } };
    const message = (error as Error).message;
    return { ok: false, reason: { zh: `视频转码工具检查失败：${message}`, en: `checking the video tools failed: ${message}` } };
  }
}

let memo: Promise<VideoToolsAnswer> | undefined;

/** `findVideoTools()` for the process's own environment, looked up once. */
export function videoTools(): Promise<VideoToolsAnswer> {
  memo ??= findVideoTools();
  return memo;
}
