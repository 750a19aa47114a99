/**
 * Reminder rules (docs/requirements/settings.md R-SET-7): one place for the bounds, the
 * defaults, which offsets apply to a reservation, when each is due and whether a customer may still
 * cancel online. Imported by the server (settings route, booking transactions, the reminder sweep,
 * the cancel link) and the SPA (the Notification Preferences page, the service's Reminders tab).
 */

/** An offset is 15 minutes to 7 days before the start. */
export const MIN_REMINDER_MINUTES = 15;
export const MAX_REMINDER_MINUTES = 7 * 24 * 60;
/** At most this many offsets per list: each one is an e-mail to the customer. */
export const MAX_REMINDER_OFFSETS = 5;
/** 24 hours and 2 hours before the start. */
export const DEFAULT_REMINDER_MINUTES: readonly number[] = [1440, 120];
/**
 * A customer may cancel online until this many hours before the start (0 to 168). The default is
 * below the last default reminder (2 hours), so the link in every default mail still works when it
 * arrives (R-BOOK-8, docs/decisions/0262-booking-mail-manage-link.md).
 */
export const DEFAULT_CANCEL_CUTOFF_HOURS = 1;
export const MAX_CANCEL_CUTOFF_HOURS = 168;

export interface ReminderSettings {
  enabled: boolean;
  /** Offsets of service bookings, minutes before the start. */
  serviceBeforeMinutes: number[];
  /** Offsets of item rentals, minutes before the start. */
  itemBeforeMinutes: number[];
  /** One e-mail when an item rental becomes overdue (R-RES-8). */
  lateReturnEnabled: boolean;
  /** Online cancellation through the reminder's link closes this many hours before the start. */
  cancelCutoffHours: number;
  /** The business is e-mailed (its contact address) when a customer cancels online (R-SET-13, R-RES-14). */
  notifyCancellations: boolean;
  /** The business is e-mailed when a reservation is marked a no-show (R-SET-13, R-RES-14). */
  notifyNoShows: boolean;
}

/**
 * A service's own reminders (its `reminderSettings`), overriding the tenant's service offsets. Rows
 * written before reminders were built hold `{}` (or `hoursBefore`): no override.
 */
export interface ServiceReminderOverride {
  enabled?: boolean;
  beforeMinutes?: number[];
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: true,
  serviceBeforeMinutes: [...DEFAULT_REMINDER_MINUTES],
  itemBeforeMinutes: [...DEFAULT_REMINDER_MINUTES],
  lateReturnEnabled: true,
  cancelCutoffHours: DEFAULT_CANCEL_CUTOFF_HOURS,
  notifyCancellations: true,
  notifyNoShows: true,
};

/** Why an offset list is refused, or null. */
export function offsetsProblem(list: readonly number[]): string | null {
  if (list.length > MAX_REMINDER_OFFSETS) return `At most ${MAX_REMINDER_OFFSETS} reminders`;
  for (const m of list) {
    if (!Number.isInteger(m)) return 'Reminder offsets are whole minutes';
    if (m < MIN_REMINDER_MINUTES) return 'A reminder is at least 15 minutes before the start';
    if (m > MAX_REMINDER_MINUTES) return 'A reminder is at most 7 days before the start';
  }
  return null;
}

/** Distinct offsets, largest (earliest reminder) first. */
export function normalizeOffsets(list: readonly number[]): number[] {
  return [...new Set(list)].sort((a, b) => b - a);
}

/**
 * The offsets that apply to a reservation: none when the tenant turned reminders off; for a service
 * booking none when the service turned them off, the service's own list when it has one, else the
 * tenant's list for its kind.
 */
export function offsetsFor(
  settings: ReminderSettings,
  kind: 'ITEM' | 'SERVICE',
  service?: ServiceReminderOverride | null,
): number[] {
  if (!settings.enabled) return [];
  if (kind === 'SERVICE' && service?.enabled === false) return [];
  if (kind === 'SERVICE' && Array.isArray(service?.beforeMinutes)) return normalizeOffsets(service.beforeMinutes);
  return normalizeOffsets(kind === 'SERVICE' ? settings.serviceBeforeMinutes : settings.itemBeforeMinutes);
}

/** When the reminder `offsetMinutes` before `startMs` is due. */
const reminderDueAt = (startMs: number, offsetMinutes: number): number => startMs - offsetMinutes * 60_000;

/**
 * The reminders still ahead at `nowMs`: an offset whose due time has passed (a booking made 1 hour
 * before its start has no 2-hour reminder) is dropped, never sent late.
 */
export function remindersAhead(
  startMs: number,
  offsets: readonly number[],
  nowMs: number,
): { offsetMinutes: number; dueAt: number }[] {
  return normalizeOffsets(offsets)
    .map((offsetMinutes) => ({ offsetMinutes, dueAt: reminderDueAt(startMs, offsetMinutes) }))
    .filter((r) => r.dueAt > nowMs);
}

/** The UTC hour a due time falls in, 'YYYY-MM-DDTHH': the partition of the sweep's index. */
export function reminderBucket(ms: number): string {
  return new Date(Math.floor(ms / 3_600_000) * 3_600_000).toISOString().slice(0, 13);
}

/** Every hour bucket from `fromMs`'s to `toMs`'s, inclusive (at most `max`, the newest kept). */
export function bucketsBetween(fromMs: number, toMs: number, max = 72): string[] {
  const first = Math.floor(fromMs / 3_600_000);
  const last = Math.floor(toMs / 3_600_000);
  const out: string[] = [];
  for (let h = Math.max(first, last - max + 1); h <= last; h++) out.push(reminderBucket(h * 3_600_000));
  return out;
}

/** Epoch ms of a bucket's first instant. */
export const bucketStart = (bucket: string): number => Date.parse(`${bucket}:00:00.000Z`);

/**
 * Online cancellation (the reminder's link): 'open' until `cutoffHours` before the start, then
 * 'too-late' (the page gives the business's contact details) until the start, then 'expired'.
 */
export function cancelWindow(startMs: number, cutoffHours: number, nowMs: number): 'open' | 'too-late' | 'expired' {
  if (nowMs >= startMs) return 'expired';
  return nowMs < startMs - cutoffHours * 3_600_000 ? 'open' : 'too-late';
}

/** '1 day', '2 hours', '1 day 2 hours', '30 minutes': an offset as the settings show it. */
export function offsetLabel(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const part = (n: number, word: string) => (n ? `${n} ${word}${n === 1 ? '' : 's'}` : '');
  return [part(d, 'day'), part(h, 'hour'), part(m, 'minute')].filter(Boolean).join(' ') || '0 minutes';
}
