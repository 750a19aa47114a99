import { describe, expect, it } from 'vitest';
import { formatCount, formatCurrency, formatDate, formatPhone, formatSize, timeAgo } from './format.js';

describe('formatting (R-PLAT-4)', () => {
  it('shows currency with a dollar sign and two decimals', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency('19.999')).toBe('$20.00');
    expect(formatCurrency(null)).toBe('$0.00');
  });

  it('shows dates before 1970 or invalid as empty', () => {
    expect(formatDate('1969-12-31T23:59:59Z', 'UTC')).toBe('');
    expect(formatDate('not a date', 'UTC')).toBe('');
    expect(formatDate(null, 'UTC')).toBe('');
    expect(formatDate('2024-03-05T12:00:00Z', 'America/New_York')).toBe('Mar 5, 2024');
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

describe('formatters of the second half', () => {
  it('shows money from cents with thousands separators', async () => {
    const { formatMoneyCents } = await import('./format.js');
    expect(formatMoneyCents(123456)).toBe('$1,234.56');
    expect(formatMoneyCents(5)).toBe('$0.05');
    expect(formatMoneyCents(-250)).toBe('-$2.50');
    expect(formatMoneyCents(null)).toBe('$0.00');
  });
  it('reads 24-hour clocks as 12-hour times', async () => {
    const { formatClock12 } = await import('./format.js');
    expect(formatClock12('00:05')).toBe('12:05 AM');
    expect(formatClock12('10:00')).toBe('10:00 AM');
    expect(formatClock12('12:00')).toBe('12:00 PM');
    expect(formatClock12('23:59')).toBe('11:59 PM');
    expect(formatClock12('noon')).toBe('noon');
  });
  it('shows a slot as people read it, whatever the browser zone', async () => {
    const { formatSlot, formatDay } = await import('./format.js');
    expect(formatSlot('2026-12-05', '10:00', '12:00')).toBe('Sat, Dec 5, 2026 · 10:00 AM – 12:00 PM');
    expect(formatDay('2026-01-01')).toBe('Thu, Jan 1, 2026');
    expect(formatDay('bad')).toBe('bad');
  });
  it('formats instants in the tenant zone', async () => {
    const { formatDateTime, formatDate, formatTime } = await import('./format.js');
    const t = '2026-03-01T03:30:00Z';
    expect(formatDate(t, 'America/Los_Angeles')).toBe('Feb 28, 2026');
    expect(formatDate(t, 'Asia/Tokyo')).toBe('Mar 1, 2026');
    expect(formatTime(t, 'America/New_York')).toBe('10:30 PM');
    expect(formatDateTime(t, 'UTC')).toBe('Mar 1, 2026, 3:30 AM');
  });
  it('says singular or plural', async () => {
    const { pluralize } = await import('./format.js');
    expect(pluralize(1, 'item')).toBe('1 item');
    expect(pluralize(0, 'item')).toBe('0 items');
    expect(pluralize(1200, 'person', 'people')).toBe('1,200 people');
  });
});
