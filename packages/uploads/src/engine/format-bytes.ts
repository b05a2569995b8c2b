const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size for people, in binary units: 2097152 is "2 MB", 1536 is "1.5 KB". */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: exponent === 0 ? 0 : 1 }).format(value);
  return `${text} ${UNITS[exponent]}`;
}
