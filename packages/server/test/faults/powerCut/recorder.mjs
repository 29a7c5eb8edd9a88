/**
 * Loaded into the server process (`node --import`) by the power-cut scenarios: writes down, in order,
 * every change the process makes under POWER_CUT_ROOT (the database folder) and every fsync, in a
 * journal at POWER_CUT_JOURNAL. The test then rebuilds what a disk could hold after a power cut
 * (powerCut.ts). PGlite writes through Node's `fs` (Emscripten's NODEFS calls `fs.writeSync` and the
 * like on the module object), so wrapping those functions sees every byte it writes.
 *
 * A record is written after its operation returned: a process killed in between never went on as if
 * the operation had happened, so leaving it out is what a crash could do anyway.
 *
 * Journal: records of [u32 header length][header JSON][data bytes], the header naming the data length.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = process.env.POWER_CUT_ROOT && path.resolve(process.env.POWER_CUT_ROOT);
const journalPath = process.env.POWER_CUT_JOURNAL;

if (root && journalPath) {
  const real = {
    openSync: fs.openSync,
    closeSync: fs.closeSync,
    writeSync: fs.writeSync,
    writeFileSync: fs.writeFileSync,
    ftruncateSync: fs.ftruncateSync,
    truncateSync: fs.truncateSync,
    fsyncSync: fs.fsyncSync,
    fdatasyncSync: fs.fdatasyncSync,
    renameSync: fs.renameSync,
    unlinkSync: fs.unlinkSync,
    mkdirSync: fs.mkdirSync,
    rmdirSync: fs.rmdirSync,
    rmSync: fs.rmSync,
  };
  const journal = real.openSync(journalPath, 'a');
  /** fd → inode of the files opened under the root. */
  const tracked = new Map();

  const under = (p) => {
    if (typeof p !== 'string' && !(p instanceof URL) && !Buffer.isBuffer(p)) return undefined;
    const abs = path.resolve(p instanceof URL ? p.pathname : String(p));
    return abs === root || abs.startsWith(root + path.sep) ? path.relative(root, abs) : undefined;
  };
  const inodeOf = (p) => {
    try {
      return fs.lstatSync(p).ino;
    } catch {
      return undefined;
    }
  };
  const record = (header, data) => {
    const bytes = data ?? Buffer.alloc(0);
    const head = Buffer.from(JSON.stringify({ ...header, length: bytes.length }));
    const size = Buffer.alloc(4);
    size.writeUInt32LE(head.length);
    real.writeSync(journal, Buffer.concat([size, head, bytes]));
  };

  /** Every file and folder under the root with its inode, as the process found them. */
  const listing = {};
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      listing[path.relative(root, full)] = { ino: fs.lstatSync(full).ino, dir: entry.isDirectory() };
      if (entry.isDirectory()) walk(full);
    }
  };
  if (fs.existsSync(root)) walk(root);
  record({ op: 'start', listing });

  const O_CREAT = fs.constants.O_CREAT;
  const O_TRUNC = fs.constants.O_TRUNC;
  const flagBits = (flags) => {
    if (typeof flags === 'number') return flags;
    const f = String(flags ?? 'r');
    return (f.includes('w') || f.includes('a') ? O_CREAT : 0) | (f.includes('w') ? O_TRUNC : 0);
  };

  fs.openSync = function openSync(p, flags, mode) {
    const rel = under(p);
    const existed = rel !== undefined && fs.existsSync(p);
    const fd = real.openSync.call(fs, p, flags, mode);
    if (rel !== undefined) {
      const ino = fs.fstatSync(fd).ino;
      tracked.set(fd, ino);
      const bits = flagBits(flags);
      if (!existed && bits & O_CREAT) record({ op: 'create', path: rel, ino });
      else if (bits & O_TRUNC) record({ op: 'truncate', ino, size: 0 });
    }
    return fd;
  };
  fs.closeSync = function closeSync(fd) {
    tracked.delete(fd);
    return real.closeSync.call(fs, fd);
  };
  fs.writeSync = function writeSync(fd, buffer, ...rest) {
    const written = real.writeSync.call(fs, fd, buffer, ...rest);
    const ino = tracked.get(fd);
    if (ino !== undefined) {
      if (typeof buffer === 'string') throw new Error('power-cut recorder: string writes under the database folder are not modelled');
      const [offset = 0, , position] = rest;
      if (typeof position !== 'number') throw new Error('power-cut recorder: a write without a position under the database folder is not modelled');
      const view = Buffer.from(buffer.buffer, buffer.byteOffset + offset, written);
      record({ op: 'write', ino, at: position }, view);
    }
    return written;
  };
  fs.writeFileSync = function writeFileSync(p, data, options) {
    const rel = typeof p === 'number' ? undefined : under(p);
    const existed = rel !== undefined && fs.existsSync(p);
    const result = real.writeFileSync.call(fs, p, data, options);
    if (rel !== undefined) {
      const ino = inodeOf(p);
      if (!existed) record({ op: 'create', path: rel, ino });
      else record({ op: 'truncate', ino, size: 0 });
      const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      if (bytes.length) record({ op: 'write', ino, at: 0 }, bytes);
    }
    return result;
  };
  fs.ftruncateSync = function ftruncateSync(fd, size = 0) {
    const result = real.ftruncateSync.call(fs, fd, size);
    const ino = tracked.get(fd);
    if (ino !== undefined) record({ op: 'truncate', ino, size });
    return result;
  };
  fs.truncateSync = function truncateSync(p, size = 0) {
    const result = real.truncateSync.call(fs, p, size);
    if (under(p) !== undefined) record({ op: 'truncate', ino: inodeOf(p), size });
    return result;
  };
  for (const name of ['fsyncSync', 'fdatasyncSync']) {
    fs[name] = function sync(fd) {
      const result = real[name].call(fs, fd);
      const ino = tracked.get(fd);
      if (ino !== undefined) record({ op: 'fsync', ino });
      return result;
    };
  }
  fs.renameSync = function renameSync(from, to) {
    const result = real.renameSync.call(fs, from, to);
    const a = under(from);
    const b = under(to);
    if (a !== undefined && b !== undefined) record({ op: 'rename', from: a, to: b });
    else if (a !== undefined || b !== undefined) throw new Error('power-cut recorder: a rename across the database folder is not modelled');
    return result;
  };
  fs.unlinkSync = function unlinkSync(p) {
    const result = real.unlinkSync.call(fs, p);
    const rel = under(p);
    if (rel !== undefined) record({ op: 'unlink', path: rel });
    return result;
  };
  fs.mkdirSync = function mkdirSync(p, options) {
    const rel = under(p);
    const existed = rel !== undefined && fs.existsSync(p);
    const result = real.mkdirSync.call(fs, p, options);
    if (rel !== undefined && !existed) record({ op: 'mkdir', path: rel, recursive: typeof options === 'object' && !!options?.recursive });
    return result;
  };
  fs.rmdirSync = function rmdirSync(p, options) {
    const result = real.rmdirSync.call(fs, p, options);
    const rel = under(p);
    if (rel !== undefined) record({ op: 'rmdir', path: rel });
    return result;
  };
  fs.rmSync = function rmSync(p, options) {
    if (under(p) !== undefined) throw new Error('power-cut recorder: rmSync under the database folder is not modelled');
    return real.rmSync.call(fs, p, options);
  };
}
