import { DownloadOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { App, Button, Rate } from 'antd';
import { useState } from 'react';
import type { LessonDetail } from '../../api/lessons';
import { useT } from '../../i18n/useT';
import { useDeviceBridge, useLoggedIn } from '../../platform/hooks';
import { usePortal } from '../../platform/PortalContext';
import { useLessonsApi } from '../useLessonsApi';

/** Collect, download and rate a lesson; visitors are told these need a login. */
export function LessonActions({ lesson }: { lesson: LessonDetail }) {
  const t = useT();
  const api = useLessonsApi();
  const { platform } = usePortal();
  const { message } = App.useApp();
  const loggedIn = useLoggedIn();
  const device = useDeviceBridge();
  const [collected, setCollected] = useState(lesson.collected);
  const [busy, setBusy] = useState(false);
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
    } finally {
      setBusy(false);
    }
  };
  const download = () => {
    if (!video) return;
    // Counted first: the browser leaves for the file right after.
    void api.addDownloadCount(lesson.lessonId).catch(() => undefined);
    // Spec §8: 「正在下载，请稍候」 while the shell (or the browser) takes the file.
    const hide = message.loading(t('device.downloading'), 0);
    device.bridge
      .downloadFile({ url: platform.http.url(video.playUrl), fileName: `${lesson.title}.mp4` })
      .catch((error: unknown) => void message.error(error instanceof Error ? error.message : String(error)))
      .finally(() => (device.status === 'shell' ? hide() : setTimeout(hide, 1500)));
  };
  const rate = async (value: number) => {
    if (!value) return;
    const answer = await api.score(lesson.lessonId, value);
    setScore({ mine: value, avg: answer.scoreAvg, count: answer.scoreCount });
    message.success(t('detail.scoreSaved'));
  };

  return (
    <div className="ds-detail-actions">
      {loggedIn ? (
        <>
          <Button
            icon={collected ? <StarFilled /> : <StarOutlined />}
            aria-pressed={collected}
            loading={busy}
            onClick={() => void toggle()}
          >
            {collected ? t('detail.collected') : t('detail.collect')}
          </Button>
          {video ? (
            <Button icon={<DownloadOutlined />} onClick={download}>
              {t('detail.download')}
            </Button>
          ) : null}
          <span className="ds-detail-rate">
            <span id="detail-rate-label">{t('detail.score')}</span>
            <Rate value={score.mine} onChange={(v) => void rate(v)} aria-labelledby="detail-rate-label" />
          </span>
        </>
      ) : (
        <span className="ds-detail-hint">{t('detail.loginToAct')}</span>
      )}
      {score.count > 0 ? (
        <span className="ds-detail-hint">{t('detail.scoreAvg', { avg: score.avg.toFixed(1), count: score.count })}</span>
      ) : null}
    </div>
  );
}
