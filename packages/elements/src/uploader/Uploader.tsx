import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { UploaderState, UploadNotice } from '@dscloud/sdk/upload';
import css from './uploader.css?inline';
import { useStore, type ReadableStore } from '../shared/useStore.js';
import { useStyles } from '../shared/adoptStyles.js';
import { DropZone } from './DropZone.js';
import { FileRow } from './FileRow.js';
import { LoadWarning } from './LoadWarning.js';
import { Notices } from './Notices.js';
import { Summary } from './Summary.js';
import { toLang, uploaderMessages } from './messages.js';
import { useAnnouncer } from './useAnnouncer.js';
import { useUploadEvents } from './useUploadEvents.js';
import { formatQuotaBytes } from '@dscloud/sdk/files';
import { useUploaderEngine, type UploaderEngineSeams } from './useUploaderEngine.js';
import type { UploaderCallbacks } from './uploaderEvents.js';

export interface UploaderProps extends UploaderCallbacks {
  /** Platform origin; default: the provided platform, else the origin the element script came from. */
  apiBase?: string;
  /** Categories (`video,picture`) and/or extensions (`.mp4,.pdf`); narrows the server's list. */
  accept?: string;
  maxCount?: number;
  /** Largest single file, e.g. `500mb`; default: the server's `uploadMaxSize`. */
  maxSize?: string;
  multiple?: boolean;
  businessCode?: string | number;
  /** Refuse MP4 files that are not H.264. */
  requireH264?: boolean;
  lang?: string;
  /** Bytes per chunk; default: the server's `uploadChunkSize`. */
  chunkSize?: number;
  /** A token for the upload calls; default: the platform session's. */
  token?: string;
  /** The engine's seams (fake transport, hash runner…) for stories and tests. */
  engine?: UploaderEngineSeams;
}

const EMPTY: UploaderState = { files: [], totals: { count: 0, done: 0, failed: 0, totalBytes: 0, uploadedBytes: 0, percent: 0, speed: 0, eta: undefined }, notices: [] };
const idleStore: ReadableStore<UploaderState> = { getState: () => EMPTY, subscribe: () => () => undefined };
const whole = (state: UploaderState) => state;

/**
 * The upload screen (spec §4/§5): drop zone and picker, one row per file with MD5 and upload
 * progress, pause/resume/retry/remove, notices for refused files, overall progress. Every rule
 * lives in the SDK's upload engine; this renders it.
 */
export function Uploader(props: UploaderProps) {
  const lang = toLang(props.lang);
  const m = uploaderMessages(lang);
  const root = useRef<HTMLDivElement>(null);
  useStyles(root, 'ds-uploader', css);

  const { uploader, rules, configStatus, loadProblem, retryLoad, quota, ready } = useUploaderEngine({
    apiBase: props.apiBase,
    accept: props.accept,
    maxCount: props.maxCount,
    maxSize: props.maxSize,
    chunkSize: props.chunkSize,
    businessCode: props.businessCode,
    requireH264: !!props.requireH264,
    token: props.token,
    lang,
    seams: props.engine,
  });
  const state = useStore(uploader?.store ?? idleStore, whole);
  const [spoken, announce] = useAnnouncer();
  useUploadEvents(uploader, props, lang, m, announce);
  useEffect(() => {
    if (loadProblem) announce(loadProblem === 'engine' ? m.engineFailed : m.configFailed, 'outcome');
  }, [loadProblem, announce, m]);

  // Each selection shows its own notices; older ones stay hidden once dismissed or superseded.
  const [hidden, setHidden] = useState<ReadonlySet<UploadNotice>>(() => new Set());
  const notices = useMemo(() => state.notices.filter((notice) => !hidden.has(notice)), [state.notices, hidden]);
  // Files chosen before the rules and quota have loaded wait here and start as soon as they have,
  // checked against them like any other (a teacher who drops a file at once expects it to upload).
  const [waiting, setWaiting] = useState<File[]>([]);
  const addFiles = useCallback(
    (files: File[]) => {
      if (!uploader || !ready) {
        setWaiting((before) => [...before, ...files]);
        return;
      }
      setHidden(new Set(uploader.store.getState().notices));
      uploader.add(files);
    },
    [uploader, ready],
  );
  useEffect(() => {
    if (!uploader || !ready || waiting.length === 0) return;
    // The queue is handed to the engine (an external system) the moment it can take it; emptying the
    // queue and hiding the older notices are part of that one hand-over.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWaiting([]);
    setHidden(new Set(uploader.store.getState().notices));
    uploader.add(waiting);
  }, [uploader, ready, waiting]);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const remove = useCallback(
    (id: string) => {
      uploader?.remove(id);
      latest.current.onRemoved?.({ fileId: id });
    },
    [uploader],
  );

  const hint = m.limits(rules.extensions.join(lang === 'en' ? ', ' : '、'), rules.maxSizeLabel);
  return (
    <div ref={root} className="ds-uploader" data-ds-root="ds-uploader" part="base" lang={lang} data-ready={ready ? '' : undefined}>
      <DropZone
        messages={m}
        multiple={!!props.multiple}
        inputAccept={rules.inputAccept}
        hint={hint}
        // While the upload part itself could not be loaded there is nothing a chosen file could wait
        // for but the network: the warning says so and the picker waits with it.
        disabled={loadProblem === 'engine'}
        onFiles={addFiles}
      />
      {waiting.length ? (
        <p className="ds-uploader__waiting" part="waiting" role="status">
          {m.waiting(waiting.length)}
        </p>
      ) : null}
      {loadProblem ? (
        <LoadWarning problem={loadProblem} messages={m} onRetry={retryLoad} />
      ) : configStatus === 'loading' || configStatus === 'idle' ? (
        <p className="ds-uploader__loading">{m.loading}</p>
      ) : null}
      {quota ? (
        <p className="ds-uploader__quota" part="quota">
          {m.quota(formatQuotaBytes(quota.usedBytes), formatQuotaBytes(quota.maxBytes), quota.usedFiles, quota.maxFiles, formatQuotaBytes(quota.leftBytes))}
        </p>
      ) : null}
      <Notices notices={notices} messages={m} lang={lang} onDismiss={(notice) => setHidden((set) => new Set(set).add(notice))} />
      {state.files.length ? (
        <ul className="ds-uploader__list" part="list" aria-label={m.listLabel}>
          {state.files.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              messages={m}
              lang={lang}
              onPause={(id) => uploader?.pause(id)}
              onResume={(id) => uploader?.resume(id)}
              onRetry={(id) => uploader?.retry(id)}
              onRemove={remove}
            />
          ))}
        </ul>
      ) : null}
      <Summary totals={state.totals} messages={m} />
      <div className="ds-uploader__live" role="status" aria-live="polite">
        {spoken}
      </div>
    </div>
  );
}
