import { ACTIVE_STATUSES, canTransition, transition, type UploadStatus } from './stateMachine.js';
import type { DsError } from '../errors/DsError.js';
import { toIssue } from './uploadIssue.js';
import { computeTotals, type UploadFile, type UploaderStore, type UploadNotice } from './uploaderStore.js';

const NOTICE_LIMIT = 50;

/** The uploader's writes to its store: files replaced whole, totals kept in step, notices capped. */
export interface FileList {
  find(id: string): UploadFile | undefined;
  write(files: UploadFile[]): void;
  update(id: string, change: (file: UploadFile) => UploadFile): void;
  /** Through the state machine; false (and nothing written) when the move is not allowed now. */
  move(id: string, to: UploadStatus, patch?: Partial<UploadFile>): boolean;
  remove(id: string): void;
  /** Tells the user something that belongs to no file in the list (a rejected or removed file). */
  notify(error: DsError, fileName?: string): UploadNotice;
}

export function createFileList(store: UploaderStore, now: () => number): FileList {
  const find = (id: string) => store.getState().files.find((file) => file.id === id);
  const write = (files: UploadFile[]) => {
    const speed = files.reduce((total, file) => total + (ACTIVE_STATUSES.has(file.status) ? file.speed : 0), 0);
    store.setState({ files, totals: computeTotals(files, speed) });
  };
  const update = (id: string, change: (file: UploadFile) => UploadFile) =>
    write(store.getState().files.map((file) => (file.id === id ? change(file) : file)));
  return {
    find,
    write,
    update,
    move(id, to, patch = {}) {
      const file = find(id);
      if (!file || !canTransition(file.status, to)) return false;
      update(id, (current) => transition(current, to, patch));
      return true;
    },
    remove: (id) => write(store.getState().files.filter((item) => item.id !== id)),
    notify(error, fileName) {
      const notice: UploadNotice = { ...toIssue(error), fileName, at: now() };
      store.setState({ notices: [...store.getState().notices, notice].slice(-NOTICE_LIMIT) });
      return notice;
    },
  };
}
