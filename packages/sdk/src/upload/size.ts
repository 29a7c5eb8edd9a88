const UNITS = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 } as const;

/** The platform's hard ceiling for one file (spec §9: 2048mb). */
export const MAX_UPLOAD_BYTES = 2048 * UNITS.mb;
/** How the ceiling is named to users: as the spec and bureaus write it, not as '2GB'. */
export const MAX_UPLOAD_LABEL = '2048MB';

/**
 * Reads a size as configured by bureaus: `'500mb'`, `'2 GB'`, `'300kb'`, or a number of bytes.
 * Returns undefined for anything it cannot read, so a typo never silently becomes "no limit" elsewhere.
 */
export function parseSize(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|k|m|g)?\s*$/i.exec(value);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const raw = (match[2] ?? 'b').toLowerCase();
  const unit = (raw.length === 1 && raw !== 'b' ? `${raw}b` : raw) as keyof typeof UNITS;
  return Math.round(amount * UNITS[unit]);
}

/** `524288000` → `'500MB'`; the unit is the largest that keeps the number at least 1. */
export function formatSize(bytes: number): string {
  const units: Array<[string, number]> = [
    ['GB', UNITS.gb],
    ['MB', UNITS.mb],
    ['KB', UNITS.kb],
  ];
  for (const [name, size] of units) {
    if (bytes >= size) return `${trim(bytes / size)}${name}`;
  }
  return `${bytes}B`;
}

function trim(value: number): string {
  return String(Math.round(value * 100) / 100);
}
