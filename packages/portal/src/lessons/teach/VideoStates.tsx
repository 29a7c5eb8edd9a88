import { isDsError } from '@dscloud/sdk/errors';
import type { LessonVideoState, LessonVideoStates } from '@dscloud/sdk/lessons';
import { App, Button, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useT, type TKey } from '../../i18n/useT';
import { useLessonsApi } from '../useLessonsApi';

/** How often the states are read again while a video is queued or being transcoded. */
export const VIDEO_STATE_POLL_MS = 4_000;

const onItsWay = (video: LessonVideoState) => video.state === 'queued' || video.state === 'running';

/**
 * 视频处理 of the lessons shown (我的课程): read once, then again every few seconds while any video is
 * queued or being transcoded, so progress, completion and failure appear without reloading the page.
 * Nothing is read while the page is hidden; it reads again when it is shown.
 */
export function useVideoStates(lessonIds: readonly string[]) {
  const api = useLessonsApi();
  const key = lessonIds.join(',');
  const [answer, setAnswer] = useState<{ key: string; states: LessonVideoStates } | null>(null);
  const [round, setRound] = useState(0);
  const states = answer?.key === key ? answer.states : null;
  const moving = !!states?.lessons.some((lesson) => lesson.videos.some(onItsWay));

  useEffect(() => {
    if (!key) return;
    let current = true;
    api.videoStates(key.split(','), { silent: true }).then(
      (read) => current && setAnswer({ key, states: read }),
      // A read that fails leaves the last states on screen; the next poll tries again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, key, round]);

  useEffect(() => {
    if (!moving) return;
    const again = () => {
      if (document.visibilityState === 'visible') setRound((r) => r + 1);
    };
    const timer = window.setInterval(again, VIDEO_STATE_POLL_MS);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, [moving]);

  return {
    states,
    /** null while the first read is on its way; none for a lesson the server left out (not the caller's to manage). */
    videosOf: (lessonId: string) => (states ? (states.lessons.find((lesson) => lesson.lessonId === lessonId)?.videos ?? []) : null),
    /** 重试 of one video; the states are read again whatever the answer. */
    retry: async (lessonId: string, resourceId: string) => {
      try {
        return await api.retryVideo(lessonId, resourceId, { silent: true });
      } finally {
        setRound((r) => r + 1);
      }
    },
  };
}

/** `约 3 分钟` / `约 40 秒`. */
function useEta() {
  const t = useT();
  return (seconds: number | null) => {
    if (seconds === null || !(seconds > 0)) return '';
    return seconds >= 90 ? t('teach.video.etaMinutes', { n: Math.round(seconds / 60) }) : t('teach.video.etaSeconds', { n: Math.max(5, Math.round(seconds / 5) * 5) });
  };
}

function VideoLine({ video, named, reason, onRetry }: { video: LessonVideoState; named: boolean; reason: string; onRetry: (video: LessonVideoState) => void }) {
  const t = useT();
  const eta = useEta();
  const label =
    video.state === 'running'
      ? [t('teach.video.running', { percent: video.progress }), eta(video.etaSeconds)].filter(Boolean).join(' · ')
      : video.state === 'failed'
        ? t('teach.video.failed', { error: video.error || t('teach.video.unknownError') })
        : video.state === 'off'
          ? t('teach.video.off', { reason })
          : t(`teach.video.${video.state}` as TKey);
  const retryable = video.state === 'failed' || video.state === 'cancelled' || video.state === 'none';
  return (
    <li className={`ds-teach-video-state ds-teach-video-state--${video.state}`}>
      {named ? <span className="ds-teach-video-state__title">{video.title}</span> : null}
      <span className="ds-teach-video-state__label">{label}</span>
      {video.state === 'running' ? (
        <Progress className="ds-teach-video-state__bar" percent={video.progress} size="small" showInfo={false} aria-label={t('teach.video.progressAria', { title: video.title, percent: video.progress })} />
      ) : null}
      {retryable ? (
        <Button size="small" type="link" aria-label={t('teach.video.retryAria', { title: video.title })} onClick={() => onRetry(video)}>
          {video.state === 'none' ? t('teach.video.transcode') : t('teach.video.retry')}
        </Button>
      ) : null}
    </li>
  );
}

/** One lesson's 视频处理 cell: a line per uploaded video (its title when there are several). */
export function VideoStatesCell({ lessonId, videos, reason, retry }: { lessonId: string; videos: LessonVideoState[] | null; reason: string; retry: ReturnType<typeof useVideoStates>['retry'] }) {
  const t = useT();
  const { message } = App.useApp();
  if (videos === null) return <span className="ds-teach-muted">…</span>;
  const uploads = videos.filter((video) => video.state !== 'linked');
  if (uploads.length === 0) return <span className="ds-teach-muted">{videos.length ? t('teach.video.linked') : '—'}</span>;
  const onRetry = (video: LessonVideoState) => {
    retry(lessonId, video.resourceId).then(
      () => void message.success(t('teach.video.retried', { title: video.title })),
      (error: unknown) => void message.error(isDsError(error) ? `${error.message}（${error.code}）` : String(error)),
    );
  };
  return (
    <ul className="ds-teach-video-states">
      {uploads.map((video) => (
        <VideoLine key={video.resourceId} video={video} named={uploads.length > 1} reason={reason} onRetry={onRetry} />
      ))}
    </ul>
  );
}
