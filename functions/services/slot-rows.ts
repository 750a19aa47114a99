/**
 * A row per booked slot (R-BOOK-5, docs/decisions/0270-slot-rows.md): `SLOT#{serviceId}#{date}T{start}-{end}`
 * under the tenant carries `taken`, the places taken since slot rows exist (bookings and waitlist
 * offers, less what went back), and the in-flight holds of that slot only. The service row keeps the
 * slot definitions: capacity (`originalSlotsAvailable`) and `slotsAvailable` as stored, which after
 * this change only staff edits write (the places taken before it stay counted there). The places a
 * slot has left are the stored count less `taken`, never below 0 nor above the capacity.
 */
import type { Slot, SlotRef } from '../../shared/domain/slots.js';
import { queryAll, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';

export const SLOT_ROW = 'SLOT';

/** A slot's part of its row's key: `{date}T{start}-{end}`. */
export const slotTag = (s: SlotRef) => `${s.date}T${s.startTime}-${s.endTime}`;

export const slotRowKey = (tenant: TenantId, serviceId: string, s: SlotRef) =>
  keys.entity(tenant, SLOT_ROW, `${serviceId}#${slotTag(s)}`);

/** What a slot's places are made of: the service row's stored count and capacity, and its slot row's `taken`. */
export interface SlotCount {
  stored: number;
  capacity: number;
  taken: number;
}

/** The places left by the parts of a count: never below 0 nor above the capacity staff set. */
export const placesLeft = (c: SlotCount) => Math.max(0, Math.min(c.capacity, c.stored - c.taken));

/** The count of a stored slot given its row's `taken` (0 for a slot without a row). */
export const slotCount = (s: Slot, taken = 0): SlotCount => ({
  stored: s.slotsAvailable,
  capacity: s.originalSlotsAvailable ?? Number.POSITIVE_INFINITY,
  taken,
});

/** `taken` of the slot rows of one service (by slot tag), or of every service (by `{serviceId}#{tag}`). */
export async function readTaken(tenant: TenantId, serviceId: string | null, consistent: boolean) {
  const prefix = `${SLOT_ROW}#${serviceId ? `${serviceId}#` : ''}`;
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': prefix },
    ProjectionExpression: 'sk, taken',
    ConsistentRead: consistent,
  });
  return new Map(items.map((i) => [String(i.sk).slice(prefix.length), Number(i.taken) || 0]));
}
