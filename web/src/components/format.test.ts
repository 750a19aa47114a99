import { describe, expect, it } from 'vitest';
import { formatCount, formatCurrency, formatDate, formatPhone, formatSize, timeAgo } from './format.js';

describe('formatting (document 1 §5, §9)', () => {
  it('shows currency with a dollar sign and two decimals', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency('19.999')).toBe('$20.00');
    expect(formatCurrency(null)).toBe('$0.00');
  });

  it('shows dates before 1970 or invalid as empty', () => {
    expect(formatDate('1969-12-31T23:59:59Z')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('2024-03-05T12:00:00Z')).toMatch(/Mar \d, 2024/);
  });

  it('says how long ago', () => {
    const now = new Date('2025-01-10T12:00:00Z');
    expect(timeAgo('2025-01-10T11:59:30Z', now)).toBe('Just now');
    expect(timeAgo('2025-01-10T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2025-01-10T11:15:00Z', now)).toBe('45 minutes ago');
    expect(timeAgo('2025-01-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2025-01-08T12:00:00Z', now)).toBe('2 days ago');
    expect(timeAgo('1960-01-01', now)).toBe('');
  });

  it('abbreviates counts with K from 1000 and M from a million', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1500)).toBe('1.5K');
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(2_345_678)).toBe('2.3M');
  });

  it('shows sizes in MB, and in GB from 1024 MB', () => {
    expect(formatSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatSize(1023 * 1024 * 1024)).toBe('1023.00 MB');
    expect(formatSize(1024 * 1024 * 1024)).toBe('1.00 GB');
    expect(formatSize(1.5 * 1024 * 1024 * 1024)).toBe('1.50 GB');
  });

  it('formats ten-digit phone numbers', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+1 555-123-4567')).toBe('(555) 123-4567');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('');
  });
});
