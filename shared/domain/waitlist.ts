/**
 * The waitlist of a full slot (docs/requirements/services.md R-SVC-7..R-SVC-10, docs/decisions/0236-waitlist.md):
 * the settings, the order of the queue, who an offer goes to and for how long. Plain functions: the
 * server decides with them, the public page and the staff dialog show with them.
 */
import { placesTaken, type SlotRef } from './slots.js';

/**
 * UNCONFIRMED: joined, the address has not confirmed by e-mail yet; holds no position, gets no offer
 * and is not shown to staff (R-SVC-11). It becomes WAITING when confirmed, or lapses (deleted).
 */
export const WAITLIST_STATUSES = ['UNCONFIRMED', 'WAITING', 'OFFERED', 'BOOKED', 'EXPIRED', 'LEFT'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Hold time of an offer: 1 minute to 24 hours, 30 minutes unless the service says otherwise (R-SVC-7). */
export const HOLD_MINUTES = { min: 1, max: 24 * 60, default: 30 } as const;
/**
 * A slot's waitlist holds at most this many live entries, unconfirmed ones included (UNCONFIRMED,
 * WAITING or OFFERED; R-SVC-11): a counter row kept on every write, never a count by reading.
 */
export const MAX_QUEUE = 50;
/** New entries one source address may make on one slot's waitlist (R-SVC-11). */
export const MAX_JOINS_PER_SOURCE = 3;
/** An unconfirmed join lapses after this long, or when the slot starts if that is sooner (R-SVC-11). */
export const CONFIRM_HOURS = 24;

export const PLACES_AVAILABLE_MESSAGE = 'Places are available: book instead';
export const WAITLIST_OFF_MESSAGE = 'This time slot has no waitlist';
export const QUEUE_FULL_MESSAGE = 'The waitlist of this time slot is full';
export const OFFER_GONE_MESSAGE = 'This offer is no longer available';
export const SOURCE_JOINS_MESSAGE =
  'Too many waitlist joins from your network for this time slot. Each address can join only a few times.';
export const CONFIRM_MAIL_MESSAGE = 'Check your e-mail to confirm your place';

/** Until when a join may be confirmed: CONFIRM_HOURS from the join, never past the slot's start. */
export function confirmBy(now: number, slotStartMs: number): number {
  return Math.min(now + CONFIRM_HOURS * 3_600_000, slotStartMs);
}

interface WaitlistSettings {
  enabled: boolean;
  holdMinutes: number;
}

/** A hold time as stored: whole minutes within the range; anything else is the default. */
export function normalizeHoldMinutes(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) return HOLD_MINUTES.default;
  return Math.min(HOLD_MINUTES.max, Math.max(HOLD_MINUTES.min, Math.round(n)));
}

/**
 * The settings in force: what the service stored, else on when public bookings are on (R-SVC-7), with a
 * 30-minute hold.
 */
export function waitlistSettingsOf(service: {
  waitlistSettings?: Partial<WaitlistSettings> | null;
  rsvpSettings?: { enablePublicBookings?: boolean } | null;
}): WaitlistSettings {
  const own = service.waitlistSettings ?? {};
  const publicOn = service.rsvpSettings?.enablePublicBookings !== false;
  return {
    enabled: typeof own.enabled === 'boolean' ? own.enabled && publicOn : publicOn,
    holdMinutes: normalizeHoldMinutes(own.holdMinutes),
  };
}

/** A slot as one key segment, sortable by date then time: `2030-05-01T10:00-12:00`. */
export function slotKey(s: SlotRef): string {
  return `${s.date}T${s.startTime}-${s.endTime}`;
}

/**
 * Until when an offer holds its places: the hold time from now, never past the slot's start (an offer to a
 * slot that has started is withdrawn, R-SVC-9).
 */
export function holdUntil(now: number, holdMinutes: number, slotStartMs: number): number {
  return Math.min(now + normalizeHoldMinutes(holdMinutes) * 60_000, slotStartMs);
}

export interface QueueEntry {
  id: string;
  status: WaitlistStatus;
  participantCount: number;
  joinedAt: string;
  /** When the address confirmed (R-SVC-11); entries from before confirmation existed have none. */
  confirmedAt?: string | null;
}

/** The time an entry took its place in line: its confirmation, or its join for entries that never needed one. */
const queuedAt = (e: QueueEntry) => e.confirmedAt ?? e.joinedAt;

/**
 * Queue order: first confirmed, first offered (R-SVC-11), then the id (two in one millisecond still
 * have one order).
 */
export function inJoinOrder<E extends QueueEntry>(entries: readonly E[]): E[] {
  return [...entries].sort((a, b) => queuedAt(a).localeCompare(queuedAt(b)) || a.id.localeCompare(b.id));
}

/** Places an entry needs: one per person on PER_PERSON services, one otherwise (as a booking takes). */
export const placesNeeded = (rateType: string, e: Pick<QueueEntry, 'participantCount'>) =>
  placesTaken(rateType, e.participantCount);

/**
 * Who gets offers when `free` places are open (R-SVC-9): WAITING entries in join order; one whose
 * count does not fit is skipped, not blocking the ones behind it; repeated while places remain.
 */
export function planOffers<E extends QueueEntry>(entries: readonly E[], free: number, rateType: string): E[] {
  const out: E[] = [];
  let left = Math.max(0, Math.floor(free));
  for (const e of inJoinOrder(entries)) {
    if (left <= 0) break;
    if (e.status !== 'WAITING') continue;
    const need = placesNeeded(rateType, e);
    if (need > left) continue;
    out.push(e);
    left -= need;
  }
  return out;
}

/** A person's place in the queue: 1 + the live entries (WAITING or OFFERED) that joined before them. */
export function queuePosition<E extends QueueEntry>(entries: readonly E[], id: string): number {
  const ordered = inJoinOrder(entries).filter((e) => e.status === 'WAITING' || e.status === 'OFFERED');
  const i = ordered.findIndex((e) => e.id === id);
  return i < 0 ? 0 : i + 1;
}

/** An entry that still counts for the "one per e-mail per slot" rule: a second join returns it. */
export const isLive = (status: WaitlistStatus) => status === 'WAITING' || status === 'OFFERED';

/** The label staff read (R-SVC-10): "Offered until {time}" needs the time, formatted by the caller. */
export function statusLabel(status: WaitlistStatus, until?: string | null): string {
  switch (status) {
    case 'UNCONFIRMED':
      return 'Unconfirmed';
    case 'WAITING':
      return 'Waiting';
    case 'OFFERED':
      return until ? `Offered until ${until}` : 'Offered';
    case 'BOOKED':
      return 'Booked';
    case 'EXPIRED':
      return 'Expired';
    case 'LEFT':
      return 'Left';
  }
}
