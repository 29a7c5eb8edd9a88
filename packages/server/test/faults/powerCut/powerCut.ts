/**
 * What a disk may hold after a power cut, rebuilt from the journal of recorder.mjs over a copy of the
 * folder taken when the journal began (`base`: what was on the disk then).
 *
 * The model is a journaling file system (ext4 and XFS in their default modes), taken at its most
 * unkind within what it promises:
 * - names (create, rename, unlink, mkdir, truncate) reach the disk in the order they were made, and
 *   any fsync makes every earlier one durable; after the last fsync, any prefix of them may survive;
 * - the bytes of a write survive when their file was fsynced after it; any other write may survive
 *   or not, each on its own (the kernel writes dirty pages back in any order), with probability `keep`.
 * A program that fsyncs what it acknowledged, and the folder after a rename, loses nothing under
 * this model; one that never fsyncs may find anything from the last start on gone or half there.
 */
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, renameSync, rmSync, rmdirSync, truncateSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

interface Entry {
  op: 'start' | 'create' | 'write' | 'truncate' | 'fsync' | 'rename' | 'unlink' | 'mkdir' | 'rmdir';
  length: number;
  path?: string;
  from?: string;
  to?: string;
  ino?: number;
  at?: number;
  size?: number;
  recursive?: boolean;
  listing?: Record<string, { ino: number; dir: boolean }>;
  data?: Buffer;
}

export interface PowerCutResult {
  /** Operations in the journal, and how many of them were fsyncs. */
  operations: number;
  fsyncs: number;
  /** Writes not covered by a later fsync: those the cut kept and those it dropped. */
  unsyncedKept: number;
  unsyncedDropped: number;
  /** Name changes made after the last fsync that the cut dropped. */
  namesDropped: number;
}

export function readJournal(file: string): Entry[] {
  const bytes = readFileSync(file);
  const entries: Entry[] = [];
  for (let at = 0; at + 4 <= bytes.length; ) {
    const headLength = bytes.readUInt32LE(at);
    if (at + 4 + headLength > bytes.length) break; // The process died while writing this record.
    const head = JSON.parse(bytes.subarray(at + 4, at + 4 + headLength).toString()) as Entry;
    const end = at + 4 + headLength + head.length;
    if (end > bytes.length) break;
    if (head.length) head.data = bytes.subarray(at + 4 + headLength, end);
    entries.push(head);
    at = end;
  }
  return entries;
}

/**
 * Replaces `root` with what the disk could hold after a power cut now, given the copy `base` taken
 * when `journal` began (used up: the disk is rebuilt in it). `random` (seeded by the caller) chooses
 * what of the unsynced work survives.
 */
export function powerCut(o: { root: string; base: string; journal: string; random: () => number; keep?: number }): PowerCutResult {
  const entries = readJournal(o.journal);
  const keep = o.keep ?? 0.5;
  const lastFsync = entries.findLastIndex((e) => e.op === 'fsync');
  // A write is durable when its file was fsynced after it (an inode number made again by a later
  // create is another file).
  const durable = new Set<number>();
  const syncedAfter = new Set<number>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.op === 'fsync') syncedAfter.add(e.ino!);
    else if (e.op === 'create') syncedAfter.delete(e.ino!);
    else if (e.op === 'write' && syncedAfter.has(e.ino!)) durable.add(i);
  }
  // Name changes before `cut` reached the disk; `cut` lies after the last fsync.
  const cut = lastFsync + 1 + Math.floor(o.random() * (entries.length - lastFsync));

  const out = `${o.root}.powercut`;
  rmSync(out, { recursive: true, force: true });
  renameSync(o.base, out);
  const pathOf = new Map<number, string>();
  const inoAt = new Map<string, number>();
  const name = (rel: string, ino: number) => {
    const previous = inoAt.get(rel);
    if (previous !== undefined && pathOf.get(previous) === rel) pathOf.delete(previous);
    inoAt.set(rel, ino);
    pathOf.set(ino, rel);
  };
  const forget = (rel: string) => {
    const ino = inoAt.get(rel);
    if (ino !== undefined && pathOf.get(ino) === rel) pathOf.delete(ino);
    inoAt.delete(rel);
  };
  const first = entries.find((e) => e.op === 'start');
  for (const [rel, info] of Object.entries(first?.listing ?? {})) if (!info.dir) name(rel, info.ino);

  const result: PowerCutResult = { operations: entries.length, fsyncs: 0, unsyncedKept: 0, unsyncedDropped: 0, namesDropped: 0 };
  const at = (rel: string) => path.join(out, rel);
  entries.forEach((e, i) => {
    const named = i < cut;
    switch (e.op) {
      case 'fsync':
        result.fsyncs++;
        return;
      case 'write': {
        if (!durable.has(i)) {
          if (o.random() >= keep) {
            result.unsyncedDropped++;
            return;
          }
          result.unsyncedKept++;
        }
        const rel = pathOf.get(e.ino!);
        if (rel === undefined || !existsSync(at(rel))) return;
        const fd = openSync(at(rel), 'r+');
        try {
          writeSync(fd, e.data ?? Buffer.alloc(0), 0, e.length, e.at!);
        } finally {
          closeSync(fd);
        }
        return;
      }
      case 'start':
        return;
    }
    if (!named) {
      result.namesDropped++;
      return;
    }
    switch (e.op) {
      case 'create':
        if (!e.path || !existsSync(path.dirname(at(e.path)))) return;
        writeFileSync(at(e.path), '');
        name(e.path, e.ino!);
        return;
      case 'truncate': {
        const rel = pathOf.get(e.ino!);
        if (rel !== undefined && existsSync(at(rel))) truncateSync(at(rel), e.size);
        return;
      }
      case 'rename': {
        if (!existsSync(at(e.from!))) return;
        renameSync(at(e.from!), at(e.to!));
        const ino = inoAt.get(e.from!);
        forget(e.from!);
        if (ino !== undefined) name(e.to!, ino);
        else forget(e.to!);
        return;
      }
      case 'unlink':
        if (existsSync(at(e.path!))) unlinkSync(at(e.path!));
        forget(e.path!);
        return;
      case 'mkdir':
        if (e.path) mkdirSync(at(e.path), { recursive: true });
        return;
      case 'rmdir':
        if (e.path && existsSync(at(e.path))) rmdirSync(at(e.path));
        return;
    }
  });
  rmSync(o.root, { recursive: true, force: true });
  renameSync(out, o.root);
  return result;
}
