import { DownloadOutlined } from '@ant-design/icons';
import type { BlobResult, RequestOptions } from '@dscloud/sdk/http';
import { App, Button } from 'antd';
import { useEffect, useReducer, useRef } from 'react';
import { useT } from '../../i18n/useT';
import { downloadTransition, formatBytes, idleDownload, percentOf, refusalText, saveBlob, saveName, type DownloadState } from './download';

/** Starts the blob call with the progress and cancel hooks the button hands in. */
export type ExportCall = (options: Pick<RequestOptions, 'onDownloadProgress' | 'signal'>) => Promise<BlobResult>;

export interface ExportButtonProps {
  /** The export call, e.g. `(o) => api.exportSignUps(activityId, o)`. */
  start: ExportCall;
  /** Saved under this name when the server names none. */
  fileName: string;
  label?: string;
  disabled?: boolean;
}

/**
 * 导出 with progress: bytes received against Content-Length (or an indeterminate bar with the bytes so
 * far when the export is streamed), 取消 while it runs, the file saved under the server's RFC 6266
 * name, and the server's own reason when it refuses (blob calls raise no global notice, so this is the
 * only message the user sees).
 */
export function ExportButton({ start, fileName, label, disabled }: ExportButtonProps) {
  const t = useT();
  const { message } = App.useApp();
  const [state, dispatch] = useReducer(downloadTransition, idleDownload);
  const abort = useRef<AbortController | null>(null);
  // Leaving the screen stops a running download.
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    dispatch({ type: 'start' });
    try {
      const result = await start({
        signal: controller.signal,
        onDownloadProgress: (e) => dispatch({ type: 'progress', loaded: e.loaded, total: e.total }),
      });
      const name = saveName(result, fileName);
      saveBlob(result.blob, name);
      dispatch({ type: 'done', fileName: name, size: result.blob.size });
      void message.success(t('kit.export.done', { name }));
    } catch (error) {
      if (controller.signal.aborted) {
        dispatch({ type: 'cancel' });
        return;
      }
      dispatch({ type: 'fail', message: refusalText(error) });
    }
  };

  const busy = state.status === 'downloading';
  return (
    <span className="ds-export">
      <Button icon={<DownloadOutlined aria-hidden />} loading={busy} disabled={disabled || busy} onClick={() => void run()}>
        {label ?? t('kit.export')}
      </Button>
      {busy ? (
        <>
          <DownloadBar state={state} />
          <Button size="small" onClick={() => abort.current?.abort()}>
            {t('kit.cancel')}
          </Button>
        </>
      ) : null}
      {state.status === 'failed' ? (
        <span className="ds-export-error" role="alert">
          {t('kit.export.failed', { reason: state.message })}
        </span>
      ) : null}
      {state.status === 'cancelled' ? (
        <span className="ds-mgmt-muted" role="status">
          {t('kit.export.cancelled')}
        </span>
      ) : null}
    </span>
  );
}

/** A determinate bar (percent of Content-Length) or an indeterminate one with the bytes received. */
function DownloadBar({ state }: { state: Extract<DownloadState, { status: 'downloading' }> }) {
  const t = useT();
  const percent = percentOf(state);
  const received = formatBytes(state.loaded);
  const text =
    percent === null
      ? t('kit.export.receivedUnknown', { received })
      : t('kit.export.received', { received, total: formatBytes(state.total ?? 0), percent });
  return (
    <span className="ds-export-progress">
      <span
        className={`ds-export-track${percent === null ? ' ds-export-track--busy' : ''}`}
        role="progressbar"
        aria-label={t('kit.export.downloading')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
      >
        <span className="ds-export-fill" style={percent === null ? undefined : { width: `${percent}%` }} />
      </span>
      <span className="ds-mgmt-muted" aria-live="polite">
        {text}
      </span>
    </span>
  );
}
