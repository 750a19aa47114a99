/**
 * Availability slots of a service (R-SVC-1, R-BOOK-1, R-SVC-3): which ones a customer may book, when an
 * event has ended, and how many participants one booking may bring. Plain functions: the public
 * page previews with them and the booking operation decides with them.
 */

import { clampParticipants } from './party.js';
import { effectiveRate } from './pricing.js';
import { isClockTime, isRealDate, isValidTimeZone, zonedDateTime } from './time.js';

export interface Slot {
  /** YYYY-MM-DD, a wall-clock date in the service's time zone. */
  date: string;
  /** HH:MM, wall-clock. */
  startTime: string;
  endTime: string;
  slotsAvailable: number;
  originalSlotsAvailable?: number;
}

export type SlotRef = Pick<Slot, 'date' | 'startTime' | 'endTime'>;

/** Public page: the service's own maximum when it sets none (R-SVC-3); read through participantLimit. */
const DEFAULT_PUBLIC_MAX_PARTICIPANTS = 10;
/** Public page: no booking brings more than this many people, whatever the service says. */
export const HARD_MAX_PARTICIPANTS = 50;

export const sameSlot = (a: SlotRef, b: SlotRef) =>
  a.date === b.date && a.startTime === b.startTime && a.endTime === b.endTime;
export const slotLabel = (s: SlotRef) => `${s.date} ${s.startTime} - ${s.endTime}`;

/**
 * The zone a service's slots are wall-clock times of: the organization's (docs/decisions/0008-one-time-zone.md). A
 * service carries a zone of its own only when one was stored for it (docs/decisions/0008-one-time-zone.md); the screens
 * then name that zone next to its times.
 */
export function serviceZone(service: { timeZone?: string | null }, orgZone: string): string {
  return isValidTimeZone(service.timeZone) ? service.timeZone : orgZone;
}

/** "non-numbers become 1", never below 1, whole places only (R-SVC-1). */
export function normalizeSlotCount(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) return 1;
  return Math.max(1, Math.floor(n));
}

/**
 * The instant a wall-clock date and time name in a time zone (the service's zone, which defaults to
 * the organization's), through shared/domain/time.ts. An impossible date (2030-02-31) or time gives
 * NaN, never a rolled-over day. Without a valid zone the runtime's own zone is used, which is what a
 * browser showing its own clock does.
 */
export function wallClockToInstant(date: string, time: string, timeZone?: string | null): number {
  if (!isRealDate(date) || !isClockTime(time)) return NaN;
  if (isValidTimeZone(timeZone)) return zonedDateTime(date, time, timeZone).getTime();
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(y, mo - 1, d, h, mi).getTime();
}

export function slotStart(s: SlotRef, timeZone?: string | null): number {
  return wallClockToInstant(s.date, s.startTime, timeZone);
}

/** An end at or before the start means the slot runs past midnight. */
export function slotEnd(s: SlotRef, timeZone?: string | null): number {
  const start = slotStart(s, timeZone);
  let end = wallClockToInstant(s.date, s.endTime, timeZone);
  if (Number.isFinite(end) && end <= start) end += 24 * 3600 * 1000;
  return end;
}

/** Hours between start and end (HOURLY pricing and the reservation's duration). */
export function slotHours(s: SlotRef, timeZone?: string | null): number {
  const h = (slotEnd(s, timeZone) - slotStart(s, timeZone)) / 36e5;
  return Number.isFinite(h) && h > 0 ? Math.round(h * 100) / 100 : 0;
}

/** R-BOOK-1: only slots with places left and a start in the future, soonest first. */
export function bookableSlots<S extends Slot>(slots: readonly S[], now: number, timeZone?: string | null): S[] {
  return slots
    .filter((s) => Number(s.slotsAvailable) > 0 && slotStart(s, timeZone) > now)
    .sort((a, b) => slotStart(a, timeZone) - slotStart(b, timeZone));
}

/** The link "expires after the event date has passed": every slot has ended. No slots: not ended. */
export function eventHasEnded(slots: readonly SlotRef[], now: number, timeZone?: string | null): boolean {
  if (!slots.length) return false;
  return slots.every((s) => {
    const end = slotEnd(s, timeZone);
    return Number.isFinite(end) && end <= now;
  });
}

/** R-BOOK-3: min(service max (default 10), places in the slot, 50), and at least 1. */
export function participantLimit(serviceMax: number | null | undefined, slotPlaces: number): number {
  const own =
    typeof serviceMax === 'number' && Number.isFinite(serviceMax) && serviceMax > 0
      ? Math.floor(serviceMax)
      : DEFAULT_PUBLIC_MAX_PARTICIPANTS;
  return Math.max(1, Math.min(own, Math.floor(slotPlaces), HARD_MAX_PARTICIPANTS));
}

/**
 * R-BOOK-3 where the slot's places are counted on their own (the server takes them, or refuses "no
 * longer available"; the waitlist is for a slot without enough): the most people one booking may
 * bring on a service. `participantLimit` with no slot bound, so both sides share its arithmetic.
 */
export function perBookingLimit(serviceMax: number | null | undefined): number {
  return participantLimit(serviceMax, Number.POSITIVE_INFINITY);
}

/** The party a booking brings: the count asked on PER_PERSON services (whole, at least 1), one otherwise. */
export function partySize(rateType: string, requested: unknown): number {
  return rateType === 'PER_PERSON' ? clampParticipants(requested, Number.POSITIVE_INFINITY) : 1;
}

/** R-BOOK-3: why a party is refused (over the service's per-booking limit), null when it may book. */
export function participantsRefusal(
  rateType: string,
  serviceMax: number | null | undefined,
  participants: number,
): string | null {
  const limit = perBookingLimit(serviceMax);
  return rateType === 'PER_PERSON' && participants > limit ? `At most ${limit} participants per booking` : null;
}

/** A booking takes one place per person on PER_PERSON services, one place otherwise. */
export function placesTaken(rateType: string, participants: number): number {
  return partySize(rateType, participants);
}

/**
 * R-SVC-3 as amended (docs/decisions/0261-seasonal-tiers-by-service-date.md): a booking is priced by the
 * tier of the day the service happens (the slot's start in `zone`), not the day it was booked.
 */
export function slotRate(service: Parameters<typeof effectiveRate>[0], slot: SlotRef, zone?: string | null) {
  return effectiveRate(service, new Date(slotStart(slot, zone)), zone);
}
