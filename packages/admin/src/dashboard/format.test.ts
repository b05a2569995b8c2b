import { describe, expect, it } from 'vitest';
import { formatBytes, formatDay, formatMetric } from './format';

describe('dashboard number formats', () => {
  it('shows bytes in binary units', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3, 'en')).toBe('5 GB');
  });
  it('groups counts and keeps UTC days', () => {
    expect(formatMetric(12345, 'count', 'en')).toBe('12,345');
    expect(formatDay('2026-03-01', 'en')).toBe('Mar 1');
  });
});
