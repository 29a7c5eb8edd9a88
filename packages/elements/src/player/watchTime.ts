/**
 * Honest watch time, framework-free: only time the video really played counts.
 *
 * The unit is wall-clock time while the media plays (rate-independent): a minute watched at 2× counts
 * one minute, because that is the learner's time, and the server refuses a batch that claims more
 * seconds than have passed since the previous one. The media clock is only the witness: a tick counts
 * when the media moved forward by about what the wall clock says, so a seek, a stall or a jump of the
 * computer's clock in between counts nothing.
 */

export interface WatchClock {
  /** Milliseconds on a monotonic clock (performance.now in the browser). */
  now(): number;
}

export interface WatchTimeOptions {
  clock: WatchClock;
  /** Seconds of played time after which a batch is due. */
  batchSeconds?: number;
  /** Longest gap between two ticks that still counts; timeupdate fires every 250 ms or so. */
  maxTickSeconds?: number;
}

export interface WatchBatch {
  /** Whole seconds to report (the fraction stays for the next batch). */
  seconds: number;
  /** Media position at the last counted tick, in whole seconds. */
  position: number;
}

export interface WatchTime {
  /** Playback started or resumed at `position` (the `playing` event). */
  start(position: number): void;
  /** A `timeupdate` while playing: counts the time since the previous tick when it is believable. */
  tick(position: number, rate: number): void;
  /** Paused, ended, seeking, waiting, source switched: counts up to now, then stops counting. */
  stop(position: number, rate: number): void;
  /** Played seconds not yet taken by a batch. */
  pending(): number;
  /** True once a full batch has been played. */
  due(): boolean;
  /** Takes the whole seconds out (and keeps the fraction); null when less than one second is pending. */
  take(): WatchBatch | null;
  /** Gives a batch back when sending it failed, so the next batch carries it. */
  giveBack(batch: WatchBatch): void;
}

/** Media may run a little ahead of or behind the wall clock (decoder start, rounding of currentTime). */
const MEDIA_SLACK_SECONDS = 0.35;
const MAX_REPORT_SECONDS = 300;

export function createWatchTime({ clock, batchSeconds = 30, maxTickSeconds = 2 }: WatchTimeOptions): WatchTime {
  let last: { at: number; position: number } | null = null;
  let played = 0;
  let position = 0;

  function count(at: number, now: number, rate: number): void {
    if (!last) return;
    const wall = (at - last.at) / 1000;
    const media = now - last.position;
    const expected = wall * (rate > 0 ? rate : 1);
    const believable = wall > 0 && wall <= maxTickSeconds && media >= 0 && Math.abs(media - expected) <= MEDIA_SLACK_SECONDS + expected * 0.25;
    if (believable) {
      played += wall;
      position = now;
    }
  }

  return {
    start(now) {
      last = { at: clock.now(), position: now };
      position = now;
    },
    tick(now, rate) {
      const at = clock.now();
      // A tick that does not count still moves the reference, so a seek costs only its own interval.
      count(at, now, rate);
      if (last) last = { at, position: now };
    },
    stop(now, rate) {
      count(clock.now(), now, rate);
      last = null;
    },
    pending: () => played,
    due: () => played >= batchSeconds,
    take() {
      // The API takes 1..300 seconds per report; what is left goes with the next one.
      const seconds = Math.min(MAX_REPORT_SECONDS, Math.floor(played));
      if (seconds < 1) return null;
      played -= seconds;
      return { seconds, position: Math.floor(position) };
    },
    giveBack(batch) {
      played += batch.seconds;
    },
  };
}
