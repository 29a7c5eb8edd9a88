import { Codes, DsError, messageFor } from '../errors/index.js';

/**
 * The life of one file in the uploader. A file is always in exactly one status; every change goes
 * through `transition()`, so "uploading and failed and paused at once" cannot happen.
 */
export type UploadStatus =
  | 'added'
  | 'validating'
  | 'checkingMp4'
  | 'hashing'
  | 'comparing'
  | 'uploading'
  | 'verifying'
  | 'waitingForNetwork'
  | 'done'
  | 'failed'
  | 'paused'
  | 'cancelled';

/** Where each status may go next. `done` and `cancelled` are final. */
export const LEGAL_TRANSITIONS: Readonly<Record<UploadStatus, readonly UploadStatus[]>> = Object.freeze({
  added: ['validating', 'cancelled'],
  validating: ['checkingMp4', 'hashing', 'failed', 'cancelled'],
  checkingMp4: ['hashing', 'failed', 'cancelled'],
  hashing: ['comparing', 'failed', 'paused', 'cancelled'],
  // An answer of existsFlag 1 ends the upload here (秒传).
  comparing: ['uploading', 'done', 'failed', 'paused', 'cancelled', 'waitingForNetwork'],
  // Straight to done when a restart finds the server already holds every chunk.
  uploading: ['verifying', 'done', 'failed', 'paused', 'cancelled', 'waitingForNetwork'],
  // Back to uploading when the final chunk has to be sent again.
  verifying: ['uploading', 'done', 'failed', 'paused', 'cancelled', 'waitingForNetwork'],
  // The line dropped: no retry is spent; back to the step it stopped in once the network answers.
  waitingForNetwork: ['comparing', 'uploading', 'paused', 'cancelled'],
  done: [],
  failed: ['hashing', 'comparing', 'uploading', 'cancelled'],
  paused: ['hashing', 'comparing', 'uploading', 'cancelled'],
  cancelled: [],
});

export const ACTIVE_STATUSES: ReadonlySet<UploadStatus> = new Set([
  'validating',
  'checkingMp4',
  'hashing',
  'comparing',
  'uploading',
  'verifying',
]);

/** A move the table forbids: a fault of the code, reported in the platform's one error family. */
export class IllegalTransitionError extends DsError {
  override readonly name: string = 'IllegalTransitionError';
  constructor(
    readonly from: UploadStatus,
    readonly to: UploadStatus,
  ) {
    const move = `${from} → ${to}`;
    super(Codes.ILLEGAL_TRANSITION, {
      message: `${messageFor(Codes.ILLEGAL_TRANSITION, 'zh-CN')}（上传状态 ${move}）`,
      messageEn: `${messageFor(Codes.ILLEGAL_TRANSITION, 'en')} (upload status ${move})`,
    });
  }
}

export function canTransition(from: UploadStatus, to: UploadStatus): boolean {
  return LEGAL_TRANSITIONS[from].includes(to);
}

/** Returns a copy of `item` in status `to` with `patch` applied; throws on a move the table forbids. */
export function transition<T extends { status: UploadStatus }>(item: T, to: UploadStatus, patch: Partial<T> = {}): T {
  if (!canTransition(item.status, to)) throw new IllegalTransitionError(item.status, to);
  return { ...item, ...patch, status: to };
}
