import { hoursOnDay } from '../../shared/domain/opening-hours.js';
import type { TenantId } from '../lib/keys.js';
import { readOpeningHours } from '../settings/hours.js';

/**
 * Whether a slot's day is one the store is open (R-BOOK-9): a closed day, weekly or special, takes no
 * public booking. Its own module, loaded on first use by the public page and the booking.
 */
export async function openDaysOf(tenant: TenantId): Promise<(slot: { date: string }) => boolean> {
  const opening = await readOpeningHours(tenant);
  return (slot) => hoursOnDay(slot.date, opening.hours, opening.specialHours) !== null;
}
