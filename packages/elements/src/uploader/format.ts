import type { UploaderMessages } from './messages.js';

/** `52428800` → `50 MB`: the unit a teacher reads at a glance, one decimal below 10. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

export function formatSpeed(bytesPerSecond: number, m: UploaderMessages): string {
  return m.speed(formatBytes(bytesPerSecond));
}

export function formatEta(seconds: number | undefined, m: UploaderMessages): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '';
  const whole = Math.max(0, Math.round(seconds));
  return m.eta(m.seconds(Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60));
}

/** Whole percent for labels and aria-valuenow: 99.99 stays 99 so "100" means really done. */
export function wholePercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.floor((part * 100) / whole));
}
