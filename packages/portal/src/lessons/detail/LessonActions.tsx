import { DownloadOutlined } from '@ant-design/icons';
import { ERROR_NOTICE_DURATION } from '@dscloud/sdk/http';
import { useRef, useState } from 'react';
import type { LessonDetail } from '../../api/lessons';
import { useT } from '../../i18n/useT';
import { portalNotify } from '../../platform/noticeBridge';
import { useDeviceBridge, useLoggedIn } from '../../platform/hooks';
import { usePortal } from '../../platform/PortalContext';
import { useLessonsApi } from '../useLessonsApi';
import { Star, StarRating } from './StarRating';

/** How long 「评分已提交」 stays up (antd's message default). */
const SAVED_NOTICE_MS = 3000;

/**
 * Collect, download and rate a lesson; visitors are told these need a login. Plain markup and the
 * shell's buttons (the lesson page loads no antd: docs/performance.md, "/learn and a lesson without antd");
 * notices go through the platform's notice bridge, which fetches its toast on the first one.
 */
export function LessonActions({ lesson }: { lesson: LessonDetail }) {
  const t = useT();
  const api = useLessonsApi();
  const { platform } = usePortal();
  const loggedIn = useLoggedIn();
  const device = useDeviceBridge();
  const [collected, setCollected] = useState(lesson.collected);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [score, setScore] = useState({ mine: lesson.myScore ?? 0, avg: lesson.scoreAvg ?? 0, count: lesson.scoreCount });
  // Another lesson (or a fresh copy of it) shows its own state (set while rendering, so no frame shows the previous one's).
  const [shown, setShown] = useState(lesson);
  if (shown !== lesson) {
    setShown(lesson);
    setCollected(lesson.collected);
    setScore({ mine: lesson.myScore ?? 0, avg: lesson.scoreAvg ?? 0, count: lesson.scoreCount });
  }

  const video = lesson.resources[0];
  const toggle = async () => {
    setBusy(true);
    try {
      const answer = await api.collect(lesson.lessonId, !collected);
      setCollected(answer.collected);
    } catch {
      // The SDK has shown the server's words.
    } finally {
      setBusy(false);
    }
  };
  const download = () => {
    if (!video) return;
    // Counted first: the browser leaves for the file right after.
    void api.addDownloadCount(lesson.lessonId).catch(() => undefined);
    // Spec §8: 「正在下载，请稍候」 while the shell (or the browser) takes the file.
    setDownloading(true);
    device.bridge
      .downloadFile({ url: platform.http.url(video.playUrl), fileName: `${lesson.title}.mp4` })
      .catch((error: unknown) => portalNotify({ kind: 'error', message: error instanceof Error ? error.message : String(error), duration: ERROR_NOTICE_DURATION }))
      .finally(() => (device.status === 'shell' ? setDownloading(false) : setTimeout(() => setDownloading(false), 1500)));
  };
  // The stars follow the viewer at once; the server gets one score at a time, the last one chosen
  // (arrow keys move through the stars and choose each on the way).
  const sending = useRef<{ lessonId: string; next: number | null } | null>(null);
  const rate = async (value: number) => {
    if (!value || value === score.mine) return;
    setScore((s) => ({ ...s, mine: value }));
    if (sending.current?.lessonId === lesson.lessonId) {
      sending.current.next = value;
      return;
    }
    const run: { lessonId: string; next: number | null } = { lessonId: lesson.lessonId, next: value };
    sending.current = run;
    let kept = { mine: score.mine, avg: score.avg, count: score.count };
    let lastFailed = false;
    while (run.next !== null) {
      const sent = run.next;
      run.next = null;
      try {
        const answer = await api.score(run.lessonId, sent);
        kept = { mine: sent, avg: answer.scoreAvg, count: answer.scoreCount };
        lastFailed = false;
      } catch {
        // The SDK has shown the server's words; the stars go back to the last score kept.
        lastFailed = true;
      }
    }
    if (sending.current !== run) return;
    sending.current = null;
    setScore(kept);
    if (!lastFailed) portalNotify({ kind: 'success', message: t('detail.scoreSaved'), duration: SAVED_NOTICE_MS });
  };

  return (
    <div className="ds-detail-actions">
      {loggedIn ? (
        <>
          <button type="button" className="ds-button" aria-pressed={collected} aria-busy={busy} disabled={busy} onClick={() => void toggle()}>
            {busy ? <span className="ds-spinner ds-spinner--inline" aria-hidden="true" /> : <Star filled={collected} />}
            {collected ? t('detail.collected') : t('detail.collect')}
          </button>
          {video ? (
            <button type="button" className="ds-button" aria-busy={downloading} onClick={download}>
              {downloading ? <span className="ds-spinner ds-spinner--inline" aria-hidden="true" /> : <DownloadOutlined aria-hidden="true" />}
              {t('detail.download')}
            </button>
          ) : null}
          <span className="ds-detail-rate">
            <span id="detail-rate-label">{t('detail.score')}</span>
            <StarRating value={score.mine} onChange={(v) => void rate(v)} labelledBy="detail-rate-label" />
          </span>
        </>
      ) : (
        <span className="ds-detail-hint">{t('detail.loginToAct')}</span>
      )}
      {score.count > 0 ? (
        <span className="ds-detail-hint">{t('detail.scoreAvg', { avg: score.avg.toFixed(1), count: score.count })}</span>
      ) : null}
      <span className="ds-detail-hint" role="status">
        {downloading ? t('device.downloading') : ''}
      </span>
    </div>
  );
}
