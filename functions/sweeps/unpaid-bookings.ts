import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { sameSlot, type SlotRef } from '../../shared/domain/slots.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { liveEventPut } from '../lib/live-events.js';
import { logger } from '../lib/logger.js';
import { E, UNPAID_INDEX_PK, type ServiceRow } from '../services/model.js';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

interface Marker {
  tenantId: string;
  reservationId: string;
  serviceId: string;
  slot: SlotRef;
  places: number;
  dueBy: string;
}

export type Outcome = 'cancelled' | 'paid' | 'gone' | 'retry';

/**
 * The 24-hour rule (document 2 §2.6): a public booking still unpaid at its dueBy is cancelled and its
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
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': UNPAID_INDEX_PK, ':now': `${new Date(now).toISOString()}\uffff` },
      ExclusiveStartKey: start,
      Limit: 100,
    }));
    for (const item of res.Items ?? []) {
      const m = item as unknown as Marker;
      if (new Date(m.dueBy).getTime() > now) continue;
      processed++;
      let outcome: Outcome = 'retry';
      for (let attempt = 0; attempt < 5 && outcome === 'retry'; attempt++) outcome = await cancelOne(trustedTenant(m.tenantId), m, now);
      if (outcome === 'cancelled') cancelled++;
      if (outcome === 'paid') paid++;
      if (outcome === 'retry') logger.warn('unpaid booking left for the next run', { reservationId: m.reservationId });
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return { processed, cancelled, paid };
}

async function cancelOne(tenant: TenantId, m: Marker, now: number): Promise<Outcome> {
  const T = tableName();
  const at = new Date(now).toISOString();
  const markerKey = keys.entity(tenant, E.unpaid, m.reservationId);
  const [resv, svc] = await Promise.all([
    db().send(new GetCommand({ TableName: T, Key: keys.entity(tenant, E.reservation, m.reservationId), ConsistentRead: true })),
    db().send(new GetCommand({ TableName: T, Key: keys.entity(tenant, E.service, m.serviceId), ConsistentRead: true })),
  ]);
  const reservation = resv.Item;
  // Paid, cancelled by staff, deleted: the marker has nothing left to guard.
  if (!reservation || reservation.status !== 'ACTIVE' || reservation.isPaid === true) {
    await db().send(new DeleteCommand({ TableName: T, Key: markerKey }));
    return reservation?.isPaid === true ? 'paid' : 'gone';
  }

  const items: TransactItem[] = [
    {
      Update: {
        TableName: T, Key: keys.entity(tenant, E.reservation, m.reservationId),
        UpdateExpression: 'SET #status = :cancelled, paymentStatus = :expired, statusLabel = :label, cancelledAt = :at, cancelReason = :why, updatedAt = :at, gsi1pk = :idx',
        ConditionExpression: '#status = :active AND (attribute_not_exists(isPaid) OR isPaid = :false)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':cancelled': 'CANCELLED', ':active': 'ACTIVE', ':expired': 'EXPIRED', ':label': 'Cancelled (unpaid)', ':at': at, ':false': false,
          ':why': 'Payment not received within 24 hours', ':idx': keys.tenantIndex(tenant, 'RES#CANCELLED'),
        },
      },
    },
    { Delete: { TableName: T, Key: markerKey, ConditionExpression: 'attribute_exists(pk)' } },
    {
      Put: {
        TableName: T,
        Item: {
          ...keys.entity(tenant, E.reservationLog, `${at}#${randomUUID()}`),
          gsi2pk: keys.tenantIndex(tenant, `RESLOG#${m.reservationId}`), gsi2sk: at,
          action: 'CANCELLED', reservationId: m.reservationId, reservationNumber: reservation.reservationNumber, actorName: 'System', actorUserId: null,
          customerName: `${reservation.customer?.firstName ?? ''} ${reservation.customer?.lastName ?? ''}`.trim(), itemLabel: reservation.service?.name ?? null,
          startTime: reservation.startTime, hours: reservation.reservationDuration ?? null, note: 'Payment not received within 24 hours', createdAt: at,
        },
      },
    },
    {
      Update: {
        TableName: T, Key: keys.entity(tenant, E.stats, 'reservations'),
        UpdateExpression: 'ADD #active :minus', ExpressionAttributeNames: { '#active': 'active' }, ExpressionAttributeValues: { ':minus': -1 },
      },
    },
    liveEventPut(tenant, 'reservation-cancelled', { id: m.reservationId, reservationNumber: reservation.reservationNumber, reason: 'unpaid', serviceId: m.serviceId }),
  ];

  // Give the places back, never above the capacity staff set, and only to the very slot booked.
  const service = svc.Item as ServiceRow | undefined;
  const index = service?.availability?.findIndex((s) => sameSlot(s, m.slot)) ?? -1;
  if (service && index >= 0) {
    const slot = service.availability[index]!;
    const capacity = slot.originalSlotsAvailable ?? Number.POSITIVE_INFINITY;
    const restored = Math.min(slot.slotsAvailable + m.places, capacity);
    if (restored !== slot.slotsAvailable) {
      const p = `#av[${index}]`;
      items.push({
        Update: {
          TableName: T, Key: keys.entity(tenant, E.service, m.serviceId),
          UpdateExpression: `SET ${p}.#left = :restored, #version = if_not_exists(#version, :zero) + :one`,
          ConditionExpression: `${p}.#left = :seen AND ${p}.#date = :date AND ${p}.#start = :start AND ${p}.#end = :end`,
          ExpressionAttributeNames: { '#av': 'availability', '#left': 'slotsAvailable', '#date': 'date', '#start': 'startTime', '#end': 'endTime', '#version': 'version' },
          ExpressionAttributeValues: { ':restored': restored, ':seen': slot.slotsAvailable, ':date': slot.date, ':start': slot.startTime, ':end': slot.endTime, ':zero': 0, ':one': 1 },
        },
      });
    }
  }

  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return 'cancelled';
  } catch (e) {
    if (!isConditionFailure(e) && (e as { name?: string }).name !== 'TransactionCanceledException') throw e;
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    // The marker is gone: another run did this one already.
    if (reasons[1]?.Code === 'ConditionalCheckFailed') return 'gone';
    // Reservation paid or cancelled in between, or the slot moved: read again.
    return 'retry';
  }
}

/** Sweep entry (EventBridge every 5 minutes; the local runtime on the same rate). */
export async function handler(): Promise<{ processed: number; cancelled: number; paid: number }> {
  const result = await sweepUnpaid();
  if (result.processed) logger.info('unpaid bookings swept', result);
  return result;
}
