import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { SlotRef } from '../../shared/domain/slots.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { ApiError } from '../lib/errors.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { optimistic, retryWhen, type Attempt } from '../lib/optimistic.js';
import { getReservationRow } from '../reservation-rows/entity.js';
import { cancelReservation } from '../reservations/lifecycle.js';
import { SERVICE_ROWS, UNPAID_INDEX_PK } from '../services/model.js';
import { shardedIndexItems } from '../lib/sweep-shards.js';
import { sweepHandler } from '../lib/sweep-handler.js';

interface Marker {
  tenantId: string;
  reservationId: string;
  serviceId: string;
  slot: SlotRef;
  places: number;
  dueBy: string;
}

type Outcome = 'cancelled' | 'paid' | 'gone' | 'retry';

/**
 * The 24-hour rule (R-BOOK-6): a public booking still unpaid at its dueBy is cancelled and its
 * places go back to the slot. The booking transaction put one marker row per unpaid reservation in
 * the SWEEP#UNPAID index (sort key dueBy); this Query reads only the overdue ones, never a Scan.
 * Each reservation is one transaction: reservation ACTIVE+unpaid → CANCELLED, marker deleted (it
 * must still exist), slot restored, log line, live event, counter. A second run finds no marker,
 * and a run racing another fails the marker's condition: places come back exactly once.
 */
export async function sweepUnpaid(now = Date.now()): Promise<{ processed: number; cancelled: number; paid: number }> {
  let processed = 0;
  let cancelled = 0;
  let paid = 0;
  for await (const item of shardedIndexItems(UNPAID_INDEX_PK, {
    TableName: tableName(),
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':now': `${new Date(now).toISOString()}\uffff` },
    Limit: 100,
  })) {
    const m = item as unknown as Marker;
    if (new Date(m.dueBy).getTime() > now) continue;
    processed++;
    const outcome: Outcome = await optimistic(
      () => cancelOne(trustedTenant(m.tenantId), m, now),
      () => 'retry',
    );
    if (outcome === 'cancelled') cancelled++;
    if (outcome === 'paid') paid++;
    if (outcome === 'retry') logger.warn('unpaid booking left for the next run', { reservationId: m.reservationId });
  }
  return { processed, cancelled, paid };
}

class AlreadyPaid extends Error {}

/**
 * One unpaid booking: cancelled through the reservations lifecycle (one audited transaction:
 * status, slot places back, marker removed, log line, counters, events), conditional on the
 * reservation still being ACTIVE and unpaid as read. Places come back exactly once.
 */
async function cancelOne(tenant: TenantId, m: Marker, now: number): Promise<Attempt<Outcome>> {
  const markerKey = keys.entity(tenant, SERVICE_ROWS.unpaid, m.reservationId);
  const reservation = await getReservationRow(tenant, m.reservationId);
  // Paid, cancelled by staff, deleted: the marker has nothing left to guard.
  if (!reservation || reservation.status !== 'ACTIVE' || reservation.isPaid === true || reservation.deletedAt) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: markerKey }));
    return reservation?.isPaid === true ? 'paid' : 'gone';
  }
  try {
    await cancelReservation(tenant, null, m.reservationId, {
      now,
      reason: 'Payment not received within 24 hours',
      set: { paymentStatus: 'EXPIRED', statusLabel: 'Cancelled (unpaid)' },
      // The customer is told their place is gone, so they do not come (docs/decisions/0268-cancellation-mail.md).
      tell: 'unpaid',
      guard: (r) => {
        if (r.isPaid === true) throw new AlreadyPaid();
      },
    });
    return 'cancelled';
  } catch (e) {
    if (e instanceof AlreadyPaid) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: markerKey }));
      return 'paid';
    }
    // Cancelled meanwhile (another run, or staff): nothing left to do.
    if (e instanceof ApiError && e.statusCode < 500) return 'gone';
    return retryWhen(e, isConditionFailure(e));
  }
}

/** Sweep entry (EventBridge every 5 minutes; the local runtime on the same rate). */
export const handler = sweepHandler(
  'unpaid-bookings',
  async (): Promise<{ processed: number; cancelled: number; paid: number }> => {
    const result = await sweepUnpaid();
    if (result.processed) logger.info('unpaid bookings swept', result);
    return result;
  },
);
