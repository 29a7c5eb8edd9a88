const pad = (n: number) => String(n).padStart(2, '0');

/** A moment in a video: mm:ss, or h:mm:ss past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = pad(Math.floor((s % 3600) / 60));
  return h ? `${h}:${mm}:${pad(s % 60)}` : `${mm}:${pad(s % 60)}`;
}

/** An amount of study time in words of the locale: 1小时5分 / 1 h 5 min; under a minute in seconds. */
export function spentTime(seconds: number, en: boolean): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return en ? `${s} s` : `${s}秒`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (en) return h ? `${h} h ${m} min` : `${m} min`;
  return h ? `${h}小时${m}分` : `${m}分钟`;
}

/** Server times are China time (spec: live schedules and dates are UTC+8) whatever the device says. */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

function chinaParts(ms: number) {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return { y: d.getUTCFullYear(), mo: d.getUTCMonth() + 1, d: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes(), wd: d.getUTCDay() };
}

export function dateTime(ms: number): string {
  const p = chinaParts(ms);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}`;
}

export function timeOfDay(ms: number): string {
  const p = chinaParts(ms);
  return `${pad(p.h)}:${pad(p.mi)}`;
}

/** The China date (YYYY-MM-DD) of the Monday of the week `weeks` away from the one holding `now`. */
export function mondayOf(now: number, weeks = 0): string {
  const p = chinaParts(now);
  const back = (p.wd + 6) % 7;
  const monday = Date.UTC(p.y, p.mo - 1, p.d - back + weeks * 7);
  return new Date(monday).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
