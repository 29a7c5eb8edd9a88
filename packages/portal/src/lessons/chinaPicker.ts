import dayjs, { type Dayjs } from 'dayjs';

/**
 * The portal shows times in China time (lessons/format.ts) whatever the device's zone; antd's pickers
 * work in the device's zone. These convert between an instant and a picker value showing the same
 * China wall-clock time, so what is picked is what the tables show.
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** A picker value whose fields read the China wall-clock time of `ms`. */
export function toChinaPicker(ms: number): Dayjs {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return dayjs(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()));
}

/** The instant a picker value's fields name, read as China wall-clock time (seconds dropped). */
export function fromChinaPicker(value: Dayjs): number {
  return Date.UTC(value.year(), value.month(), value.date(), value.hour(), value.minute()) - CHINA_OFFSET_MS;
}

/** The first and last millisecond of the China days a date-range picker names. */
export function chinaDayRange(from: Dayjs, to: Dayjs): readonly [number, number] {
  return [fromChinaPicker(from.startOf('day')), fromChinaPicker(to.startOf('day')) + 86_400_000 - 1];
}
