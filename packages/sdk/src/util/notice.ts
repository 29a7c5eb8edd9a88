/** What the SDK asks the host to show as a toast; the host decides how (Ant Design message, a ds-toast…). */
export interface Notice {
  kind: 'error' | 'warning' | 'success' | 'info';
  message: string;
  /** The call that failed, for support staff (the console): a host shows users the message, not the path. */
  path?: string;
  status?: number;
  /** Milliseconds the notice stays up (errors: 5000, spec §9). */
  duration: number;
}

export type Notify = (notice: Notice) => void;

export const ERROR_NOTICE_DURATION = 5000;

/** Without a host toast the console is the only honest place left. */
export const consoleNotify: Notify = (notice) => {
  const line = notice.path ? `${notice.message} (${notice.path} ${notice.status ?? ''})` : notice.message;
  if (notice.kind === 'error' || notice.kind === 'warning') console.warn(line);
  else console.info(line);
};
