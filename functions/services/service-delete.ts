/** Deleting a service: refused while it has bookings to come, its share link retired with it. */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type Slot, slotEnd } from '../../shared/domain/slots.js';
import { db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { hashToken } from '../lib/secure-token.js';
import { keys, type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { SERVICE_ROWS, type ServiceRow } from './model.js';
import { slotRowKey, slotTag } from './slot-rows.js';
import { getServiceRow } from './store.js';

/** Places booked in slots that have not ended (rows booked before the booking pointers existed). */
function bookedUpcomingPlaces(row: ServiceRow, zone: string, now: number): number {
  return row.availability.reduce(
    (n, s) =>
      s.originalSlotsAvailable != null && slotEnd(s, zone) > now
        ? n + Math.max(0, s.originalSlotsAvailable - s.slotsAvailable)
        : n,
    0,
  );
}

/** Why a service stays (docs/decisions/0006-nothing-rented-disappears.md; R-INV-7 shows it after "Failed to delete service"). */
export function bookedServiceMessage(name: string, reservationNumbers: readonly string[], places: number): string {
  const what = reservationNumbers.length
    ? `active bookings (${reservationNumbers.join(', ')})`
    : `${places} place${places === 1 ? '' : 's'} booked in upcoming slots`;
  return `Service "${name}" cannot be deleted: it has ${what}. Cancel them first.`;
}

/**
 * Deleting a service retires its share link in the same transaction: the link then reads "expired".
 * Refused while ACTIVE bookings of it have not ended (its booking pointers, and booked places in its
 * upcoming slots). The delete is conditional on the version read (staff edits) and deletes the slot
 * rows on the count read: a booking taking places meanwhile changes its slot row, so it is seen on the
 * re-read instead of slipping through.
 */
export async function deleteService(tenant: TenantId, id: string, now = Date.now()): Promise<void> {
  return optimistic(
    async () => {
      // With its slot rows: their places taken count as booked (services/slot-rows.ts).
      const prev = await getServiceRow(tenant, id, true);
      if (!prev) throw notFound('Service not found');
      const { upcomingServiceBookings } = await import('../reservation-rows/service-bookings.js');
      const [bookings, zone] = await Promise.all([
        upcomingServiceBookings(tenant, id, now),
        organizationTimeZone(tenant),
      ]);
      const places = bookedUpcomingPlaces(prev, prev.timeZone || zone, now);
      if (bookings.length || places > 0)
        throw conflict(
          bookedServiceMessage(
            prev.name,
            bookings.map((b) => b.reservationNumber),
            places,
          ),
        );
      try {
        const z = prev.timeZone || zone;
        const upcoming = (s: Slot) => slotEnd(s, z) > now;
        await deleteServiceRows(tenant, prev, [
          ...prev.availability.filter(upcoming),
          ...prev.availability.filter((s) => !upcoming(s)),
        ]);
      } catch (e) {
        return retryWhen(e, isConditionFailure(e));
      }
    },
    () => {
      throw conflict('The service changed while it was being deleted. Please try again.');
    },
  );
}

async function deleteServiceRows(tenant: TenantId, prev: ServiceRow, slots: readonly Slot[]): Promise<void> {
  const id = prev.id;
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.entity(tenant, SERVICE_ROWS.service, id),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': prev.version },
      },
    },
  ];
  // Upcoming slots first: a transaction takes 100 parts; rows of past slots beyond those stay, unread.
  for (const s of slots.slice(0, 97)) {
    const taken = prev.counts?.[slotTag(s)]?.taken ?? 0;
    items.push({
      Delete: {
        TableName: tableName(),
        Key: slotRowKey(tenant, id, s),
        ConditionExpression: taken === 0 ? 'attribute_not_exists(taken) OR taken = :t' : 'taken = :t',
        ExpressionAttributeValues: { ':t': taken },
      },
    });
  }
  if (prev.shareToken) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.shareToken(hashToken(prev.shareToken)),
        UpdateExpression: 'SET revokedAt = :now',
        ExpressionAttributeValues: { ':now': nowIso() },
        ConditionExpression: 'attribute_exists(pk)',
      },
    });
  }
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}
