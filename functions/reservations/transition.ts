/**
 * What every transition of the lifecycle (R-RES-5) shares: the retry on a lost race, the reservation
 * update conditional on the status and version read, the counter deltas, the live event's body, and the
 * item claimed again when a reservation becomes ACTIVE again (reprocess, restore).
 */
import { WriteFailed, type AuditedWrite } from '../lib/audited-write.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { conflict } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import {
  listIndex,
  overduePointer,
  reservationKey,
  startPointer,
  statsKey,
  statusDelta,
  type ReservationRow,
} from '../reservation-rows/entity.js';
import { claimItem, itemInUseParts, readItemBook } from '../inventory/item-book.js';
import { overlapping, readItem, RENTABLE } from '../bookings/items.js';
import { addReminderParts, reminderOffsetsFor } from '../reservation-rows/reminders.js';

/** Any cancelled write of a transition is a lost race: read again and judge again. */
export function retrying<T>(what: string, fn: () => Promise<T>): Promise<T> {
  return optimistic(
    async () => {
      try {
        return await fn();
      } catch (e) {
        return retryWhen(e, e instanceof WriteFailed);
      }
    },
    () => {
      throw conflict(`The reservation changed while it was being ${what}; please reload and try again.`);
    },
  );
}

/** The reservation update of a transition, conditional on the status and version read. */
export function transition(
  w: AuditedWrite,
  tenant: TenantId,
  r: ReservationRow,
  to: ReservationRow['status'] | null,
  set: Record<string, unknown>,
  remove: string[] = [],
): void {
  const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':seenStatus': r.status, ':seenAt': r.updatedAt, ':nullType': 'NULL' };
  const sets: string[] = [];
  const all = { ...set, ...(to ? { status: to, gsi1pk: listIndex(tenant, r.kind, to) } : {}) };
  Object.entries(all).forEach(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    sets.push(`#s${i} = :s${i}`);
  });
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  w.update('reservation', reservationKey(tenant, r.id), {
    update: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    condition:
      '#status = :seenStatus AND #updatedAt = :seenAt AND (attribute_not_exists(deletedAt) OR attribute_type(deletedAt, :nullType))',
    names,
    values,
  });
}

export function counters(
  w: AuditedWrite,
  tenant: TenantId,
  r: ReservationRow,
  to: ReservationRow['status'] | null,
  log: Record<string, number>,
  extra: Record<string, number> = {},
): void {
  const d: Record<string, number> = { ...log, ...extra };
  const add = (k: string, n: number) => (d[k] = (d[k] ?? 0) + n);
  for (const [k, n] of Object.entries(statusDelta(r.kind, r.status, -1))) add(k, n);
  if (to) for (const [k, n] of Object.entries(statusDelta(r.kind, to, 1))) add(k, n);
  else add('total', -1);
  if (r.isOverdue && r.status === 'ACTIVE') {
    add('overdue', -1);
    add(`${r.kind}#overdue`, -1);
  }
  // Per-creator counts and the revenue of their completed reservations (functions/timesheets/bookings.ts)
  const by = r.createdByEmployee?.id;
  if (by) {
    add(`emp#${by}#${r.status}`, -1);
    if (to) add(`emp#${by}#${to}`, 1);
    if (r.status === 'COMPLETED') add(`emp#${by}#revenueCents`, -(r.totalAmountCents ?? 0));
  }
  w.count(statsKey(tenant, r.id), d);
}

export const changedEvent = (r: ReservationRow, status: string, extra: Record<string, unknown> = {}) => ({
  id: r.id,
  reservationNumber: r.reservationNumber,
  kind: r.kind,
  status,
  customerName: `${r.customer.firstName} ${r.customer.lastName}`.trim(),
  ...extra,
});

/** Claims the item again for an ACTIVE-again reservation; 409 naming the reservation that took it since. */
export async function reclaimItem(
  w: AuditedWrite,
  tenant: TenantId,
  r: ReservationRow,
  now: number,
  at: string,
): Promise<void> {
  if (!r.inventoryItemId) return;
  const [book, info] = await Promise.all([
    readItemBook(tenant, r.inventoryItemId),
    readItem(tenant, r.inventoryItemId),
  ]);
  if (!info) throw conflict('The item of this reservation no longer exists');
  if (!RENTABLE.has(info.item.status)) throw conflict(`The item is not available (status ${info.item.status})`);
  const start = Date.parse(r.startTime);
  const end = Date.parse(r.endTime);
  const clash = overlapping(book, start, end, now, r.id);
  if (clash) throw conflict(`The item has been reserved since (reservation ${clash.n}).`);
  claimItem(w, tenant, r.inventoryItemId, book, r.id, { s: start, e: end, n: r.reservationNumber });
  if (start <= now) itemInUseParts(w, tenant, info.item, r.id, at);
  else {
    w.put('start-pointer', startPointer(tenant, r));
  }
  w.put('overdue-pointer', overduePointer(tenant, r));
  // Active again: the reminders still ahead of it, in the same transaction (R-SET-7).
  addReminderParts(w, tenant, r, await reminderOffsetsFor(tenant, r.kind), now);
}
