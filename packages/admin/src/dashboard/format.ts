/** `1536` → `1.5 KB`: binary units, as the upload size messages use. */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** A metric's number as people read it: bytes as KB/MB/GB, counts with grouping. */
export function formatMetric(value: number, format: 'count' | 'bytes', locale?: string): string {
  return format === 'bytes' ? formatBytes(value, locale) : new Intl.NumberFormat(locale).format(value);
}

/** `2026-03-15` → a short date in the reader's language (the day is UTC, as the server counts it). */
export function formatDay(day: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
