import { hoursOnDay } from '../../shared/domain/opening-hours.js';
import type { TenantId } from '../lib/keys.js';
import { warmCache } from '../lib/warm-cache.js';
import { type OpeningHours, readOpeningHours } from '../settings/hours.js';

type OpenDay = (slot: { date: string }) => boolean;

const openDay =
  (opening: OpeningHours): OpenDay =>
  (slot) =>
    hoursOnDay(slot.date, opening.hours, opening.specialHours) !== null;

/**
 * Whether a slot's day is one the store is open (R-BOOK-9): a closed day, weekly or special, takes no
 * public booking. Its own module, loaded on first use by the public page and the booking.
 */
export async function openDaysOf(tenant: TenantId): Promise<OpenDay> {
  return openDay(await readOpeningHours(tenant));
}

/** As briefly as the service read a booking starts from (public.ts): the people of a rush share one read. */
const hoursForBooking = warmCache<OpeningHours>(2_000);

/** openDaysOf for the booking path. */
export async function openDaysForBooking(tenant: TenantId): Promise<OpenDay> {
  return openDay(await hoursForBooking.get(tenant, () => readOpeningHours(tenant)));
}
