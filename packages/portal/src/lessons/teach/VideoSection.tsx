import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Uploader, type UploadCompleteDetail, type UploadProgressDetail, type UploadRemovedDetail } from '@dscloud/elements';
import { Button, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '../../i18n/useT';
import { usePortal } from '../../platform/PortalContext';
import { clock } from '../format';
import { titleFromFileName, wholeSeconds, type LessonFormValues, type VideoRow } from './lessonForm';
import { useUploadBusy } from './useUploadBusy';
import { readVideoDuration } from './videoDuration';
import { useVideoStates, VideoStatesCell } from './VideoStates';

/** The server keeps at most 50 videos per lesson. */
const MAX_VIDEOS = 50;
/** What a lesson takes where the server transcodes (docs/video.md): cameras, phones and classroom recorders. */
export const TRANSCODED_VIDEO_ACCEPT = '.mp4,.m4v,.mov,.avi,.wmv,.flv,.mkv,.webm,.mpg,.mpeg,.3gp,.ts,.mts,.m2ts';

/**
 * Whether the server transcodes uploaded videos (its file config). Until it has answered, and where it
 * does not, the spec's rule holds: H.264 MP4 only.
 */
function useTranscoding(): boolean {
  const { platform } = usePortal();
  const [transcoding, setTranscoding] = useState(false);
  useEffect(() => {
    let current = true;
    platform.config.file().then(
      (config) => current && setTranscoding(config.videoTranscode === true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [platform]);
  return transcoding;
}
const fileKey = (name: string, size: number) => `${name}|${size}`;

/**
 * The lesson's videos: the uploader (the common video formats where the server transcodes them, else
 * MP4 with H.264 only; several at once) and below it one row per
 * video with its editable title, length, order and a remove button. A finished upload becomes a row;
 * taking a file off the uploader's list takes its row away.
 */
/**
 * `optional`: a live lesson may have no video yet (the replay comes later). `lessonId`: a saved lesson,
 * whose uploaded videos show their 视频处理 beside their length (live while one is on its way).
 */
export function VideoSection({ onBusyChange, optional = false, lessonId }: { onBusyChange: (busy: boolean) => void; optional?: boolean; lessonId?: string }) {
  const t = useT();
  const lang = useLocale();
  const form = Form.useFormInstance<LessonFormValues>();
  // `preserve`: the whole rows, not only their registered title inputs (length, file id).
  const rows: VideoRow[] = Form.useWatch('resources', { form, preserve: true }) ?? [];
  const host = useRef<HTMLDivElement>(null);
  const busy = useUploadBusy(host);
  const transcoding = useTranscoding();
  const videoStates = useVideoStates(lessonId ? [lessonId] : []);
  const savedVideos = lessonId ? videoStates.videosOf(lessonId) : null;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  // The uploader's events name a file but do not hand it back; its length is read from the File.
  const picked = useRef(new Map<string, File>());
  const byUpload = useRef(new Map<string, { name: string; file: File | undefined }>());
  const remember = (files: FileList | null | undefined) => {
    for (const file of Array.from(files ?? [])) picked.current.set(fileKey(file.name, file.size), file);
  };

  const setRows = (update: (current: VideoRow[]) => VideoRow[]) => {
    form.setFieldValue('resources', update((form.getFieldValue('resources') as VideoRow[] | undefined) ?? []));
    if (form.getFieldError('resources').length) void form.validateFields(['resources']).catch(() => undefined);
  };
  const progress = (detail: UploadProgressDetail) => {
    if (byUpload.current.has(detail.fileId)) return;
    byUpload.current.set(detail.fileId, { name: detail.name, file: picked.current.get(fileKey(detail.name, detail.total)) });
  };
  const complete = (detail: UploadCompleteDetail) => {
    const known = byUpload.current.get(detail.fileId);
    const name = known?.name ?? String(detail.fileInfo?.fileName ?? '');
    setRows((current) =>
      current.some((row) => row.uploadId === detail.fileId)
        ? current
        : [...current, { key: detail.fileId, uploadId: detail.fileId, title: titleFromFileName(name), fileInfoId: String(detail.fileInfoId) }],
    );
    if (!known?.file) return;
    void readVideoDuration(known.file).then((seconds) => {
      const whole = wholeSeconds(seconds);
      if (whole !== undefined) setRows((current) => current.map((row) => (row.uploadId === detail.fileId ? { ...row, durationSeconds: whole } : row)));
    });
  };
  const removed = (detail: UploadRemovedDetail) => setRows((current) => current.filter((row) => row.uploadId !== detail.fileId));

  return (
    <>
      <p className="ds-teach-hint">{t(transcoding ? 'teach.videos.hintTranscoded' : 'teach.videos.hint')}</p>
      <div
        ref={host}
        className="ds-teach-uploader"
        onChangeCapture={(event) => remember((event.target as HTMLInputElement).files)}
        onDropCapture={(event) => remember(event.dataTransfer?.files)}
        onPasteCapture={(event) => remember(event.clipboardData?.files)}
      >
        <Uploader accept={transcoding ? TRANSCODED_VIDEO_ACCEPT : '.mp4'} requireH264={!transcoding} multiple maxCount={MAX_VIDEOS} lang={lang} onProgress={progress} onComplete={complete} onRemoved={removed} />
      </div>
      <Form.List
        name="resources"
        rules={[
          {
            validator: async (_, value: VideoRow[] | undefined) => {
              if (!optional && !value?.length) throw new Error(t('teach.videos.required'));
            },
          },
        ]}
      >
        {(fields, { move, remove }, { errors }) => (
          <section className="ds-teach-videos" aria-labelledby="teach-videos-list">
            <h3 id="teach-videos-list" className="ds-teach-subtitle">
              {t('teach.videos.list')}
            </h3>
            {fields.length ? (
              <ol className="ds-teach-video-list">
                {fields.map((field, index) => {
                  const row = rows[index];
                  const title = row?.title || String(index + 1);
                  return (
                    <li key={field.key} className="ds-teach-video">
                      <Form.Item
                        className="ds-teach-video-title"
                        name={[field.name, 'title']}
                        label={t('teach.videos.titleLabel', { n: index + 1 })}
                        rules={[{ required: true, whitespace: true, message: t('teach.videos.titleRequired') }]}
                      >
                        <Input maxLength={100} />
                      </Form.Item>
                      <span className="ds-teach-video-length">
                        {row?.durationSeconds ? t('learn.duration', { time: clock(row.durationSeconds) }) : t('teach.videos.durationUnknown')}
                      </span>
                      {(() => {
                        // A saved upload's 视频处理 (a video added since the last save has none to show yet).
                        const state = row?.fileInfoId ? savedVideos?.find((video) => video.fileInfoId === row.fileInfoId) : undefined;
                        return state && lessonId ? (
                          <span className="ds-teach-video-processing">
                            <VideoStatesCell lessonId={lessonId} videos={[state]} reason={videoStates.states?.reason ?? ''} retry={videoStates.retry} />
                          </span>
                        ) : null;
                      })()}
                      <span className="ds-teach-video-actions">
                        <Button
                          icon={<ArrowUpOutlined />}
                          aria-label={t('teach.videos.up', { title })}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        />
                        <Button
                          icon={<ArrowDownOutlined />}
                          aria-label={t('teach.videos.down', { title })}
                          disabled={index === fields.length - 1}
                          onClick={() => move(index, index + 1)}
                        />
                        <Button danger icon={<DeleteOutlined />} aria-label={t('teach.videos.remove', { title })} onClick={() => remove(field.name)} />
                      </span>
                    </li>
                  );
                })}
              </ol>
            ) : (
              <p className="ds-teach-muted">{t('teach.videos.empty')}</p>
            )}
            <Form.ErrorList errors={errors} />
          </section>
        )}
      </Form.List>
    </>
  );
}
