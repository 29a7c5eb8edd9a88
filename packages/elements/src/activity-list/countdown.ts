/**
 * Time left until a window's end, in the parts a card shows ("3 天 04:05:06"). Rounded up to the
 * second, so the countdown reaches 00:00:00 exactly when the window closes, not a second early.
 */
export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function remaining(endsAt: number, now: number): Remaining {
  const total = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `04:05:06`, the clock part of a countdown. */
export const clockPart = (r: Remaining) => `${two(r.hours)}:${two(r.minutes)}:${two(r.seconds)}`;

/** ISO 8601 duration for `<time datetime>` (P3DT4H5M6S). */
export const isoDuration = (r: Remaining) => `P${r.days}DT${r.hours}H${r.minutes}M${r.seconds}S`;

/** Milliseconds until the displayed second changes. */
export const untilNextSecond = (endsAt: number, now: number) => {
  const left = endsAt - now;
  return left <= 0 ? 1000 : left % 1000 || 1000;
};

let chinaTime: Intl.DateTimeFormat | undefined;

/** A window bound in China time (UTC+8, as the activities are run), e.g. 2026-12-01 18:00. */
export function formatChinaTime(at: number): string {
  chinaTime ??= new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(chinaTime.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
