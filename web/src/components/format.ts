/** Display formatting shared by every area (document 1 §5 and §9). */

export function formatCurrency(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  const v = typeof n === 'number' && Number.isFinite(n) ? n : 0;
  return v.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A date, or null when invalid or earlier than 1970 (such values display as empty). */
export function toDisplayDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  const t = d.getTime();
  if (Number.isNaN(t) || t < 0) return null;
  return d;
}

export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDisplayDate(value);
  return d ? d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '';
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDisplayDate(value);
  return d ? d.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : '';
}

export function formatTime(value: string | number | Date | null | undefined): string {
  const d = toDisplayDate(value);
  return d ? d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) : '';
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** 'Just now', then minutes, hours, days. */
export function timeAgo(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const d = toDisplayDate(value);
  if (!d) return '';
  const seconds = Math.floor((now.getTime() - d.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

function trimZero(n: number): string {
  return n.toFixed(1).replace(/\.0$/, '');
}

/** K from 1000, M from 1,000,000. */
export function formatCount(value: number | null | undefined): string {
  const n = value ?? 0;
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return `${trimZero(n / 1_000_000)}M`;
  if (abs >= 1000) return `${trimZero(n / 1000)}K`;
  return String(n);
}

/** Bytes shown in MB, or in GB from 1024 MB. */
export function formatSize(bytes: number | null | undefined): string {
  const mb = (bytes ?? 0) / (1024 * 1024);
  if (mb >= 1024) return `${(mb / 1024).toFixed(2)} GB`;
  return `${mb.toFixed(2)} MB`;
}

/** (xxx) xxx-xxxx for ten-digit numbers (a leading country code 1 is dropped); other input unchanged. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
