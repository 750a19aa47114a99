/**
 * The lifecycle of R-RES-5, each transition one audited write conditional on the state read:
 *   ACTIVE → CANCELLED (cancel), ACTIVE → COMPLETED (return, items only), COMPLETED → ACTIVE
 *   (reprocess: undoes the return's charges and payments), CANCELLED → ACTIVE (restore, item
 *   reservations), COMPLETED | CANCELLED → deleted (soft: reads answer 410 with who and when).
 * Every transition writes its log line, counters and live events in its own transaction; a write
 * that loses a race re-reads and decides again (the second decision gives the right 4xx). Here: cancel,
 * restore and delete; the return is ./return.ts, reprocess ./reprocess.ts, what they share ./transition.ts.
 */
import { auditedWrite, type AuditedWrite } from '../lib/audited-write.js';
import { reportAggregateParts } from '../reservation-rows/aggregates.js';
import { badRequest } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import type { AuthClaims } from '../lib/tokens.js';
import { addSlotReleaseParts } from '../services/slot-release.js';
import { removeCustomerReservation } from '../customers/entity.js';
import type { CancelledBy } from './cancellation-mail.js';
import {
  actorOf,
  logRow,
  overduePointerKey,
  requireLive,
  startPointerKey,
  type Person,
  type ReservationRow,
} from '../reservation-rows/entity.js';
import { itemReleaseParts, releaseItem } from '../inventory/item-book.js';
import { serviceBookingKey } from '../reservation-rows/service-bookings.js';
import { readItem } from '../bookings/items.js';
import { changedEvent, counters, reclaimItem, retrying, transition } from './transition.js';

// ---------------------------------------------------------------- cancel

export async function cancelReservation(
  tenant: TenantId,
  actor: Person | null,
  id: string,
  opts: {
    reason?: string;
    set?: Record<string, unknown>;
    guard?: (r: ReservationRow) => void;
    now?: number;
    /** A no-show is a cancellation with its own log action, parts and message (./no-show.ts, R-RES-12). */
    action?: 'CANCELLED' | 'NO_SHOW';
    notActive?: (r: ReservationRow) => string;
    parts?: (w: AuditedWrite, r: ReservationRow, at: string) => Promise<void>;
    eventData?: Record<string, unknown>;
    /** Who is told, once committed (R-RES-14): the mail loads on first use and never fails the cancel. */
    tell?: CancelledBy;
  } = {},
): Promise<ReservationRow> {
  const done = await retrying('cancelled', async () => {
    const r = await requireLive(tenant, id);
    if (r.status !== 'ACTIVE')
      throw badRequest(
        opts.notActive?.(r) ?? `Only active reservations can be cancelled (this one is ${r.status.toLowerCase()})`,
      );
    opts.guard?.(r);
    const now = opts.now ?? Date.now();
    const at = new Date(now).toISOString();
    const w = auditedWrite(tenant);
    const after: ReservationRow = { ...r, ...(opts.set ?? {}), status: 'CANCELLED', isOverdue: false, updatedAt: at };
    transition(w, tenant, r, 'CANCELLED', {
      ...(opts.set ?? {}),
      cancelledAt: at,
      cancelledBy: actor,
      updatedAt: at,
      isOverdue: false,
      ...(opts.reason ? { cancelReason: opts.reason } : {}),
    });
    if (r.kind === 'ITEM' && r.inventoryItemId) {
      releaseItem(w, tenant, r.inventoryItemId, r.id);
      itemReleaseParts(w, tenant, (await readItem(tenant, r.inventoryItemId))?.item ?? null, r.id, at);
    }
    if (r.kind === 'SERVICE') await addSlotReleaseParts(w, tenant, r);
    if (r.kind === 'SERVICE' && r.serviceId) w.delete('service-booking', serviceBookingKey(tenant, r.serviceId, r.id));
    w.delete('overdue-pointer', overduePointerKey(tenant, r.id));
    w.delete('start-pointer', startPointerKey(tenant, r.id));
    const log = logRow(tenant, {
      action: opts.action ?? 'CANCELLED',
      reservation: after,
      actor,
      at,
      note: opts.reason ?? null,
    });
    w.log(log.item);
    counters(w, tenant, r, 'CANCELLED', log.counters);
    reportAggregateParts(w, tenant, r, after);
    await opts.parts?.(w, r, at);
    w.event(
      'reservation-cancelled',
      changedEvent(r, 'CANCELLED', { ...(opts.reason ? { reason: opts.reason } : {}), ...opts.eventData }),
    );
    w.event('stats-updated', { reservations: true });
    await w.commit();
    return after;
  });
  if (opts.tell) await (await import('./cancellation-mail.js')).tellCancellation(tenant, done, opts.tell);
  return done;
}

// ---------------------------------------------------------------- restore

export async function restoreReservation(
  tenant: TenantId,
  auth: AuthClaims,
  id: string,
  notes: string | null | undefined,
  now = Date.now(),
): Promise<ReservationRow> {
  const actor = await actorOf(tenant, auth);
  return retrying('restored', async () => {
    const r = await requireLive(tenant, id);
    if (r.status !== 'CANCELLED')
      throw badRequest(`Only cancelled reservations can be restored (this one is ${r.status.toLowerCase()})`);
    if (r.kind !== 'ITEM' || !r.inventoryItemId)
      throw badRequest('Only reservations of an inventory item can be restored');
    const at = new Date(now).toISOString();
    const w = auditedWrite(tenant);
    await reclaimItem(w, tenant, r, now, at);
    const merged = notes?.trim() ? [r.notes, `Restored: ${notes.trim()}`].filter(Boolean).join('\n') : r.notes;
    const after: ReservationRow = {
      ...r,
      status: 'ACTIVE',
      notes: merged ?? null,
      isOverdue: false,
      noShow: false,
      updatedAt: at,
    };
    transition(
      w,
      tenant,
      r,
      'ACTIVE',
      { notes: merged ?? null, restoredAt: at, restoredBy: actor, isOverdue: false, updatedAt: at },
      ['cancelledAt', 'cancelReason', 'noShow', 'noShowAt', 'noShowBy'],
    );
    // A restored no-show is undone like any cancellation: off the customer's and the week's counts (R-RES-12).
    if (r.noShow === true) await (await import('./no-show-counts.js')).undoNoShowParts(w, tenant, r, at);
    const log = logRow(tenant, { action: 'RESTORED', reservation: after, actor, at, note: notes?.trim() || null });
    w.log(log.item);
    counters(w, tenant, r, 'ACTIVE', log.counters);
    reportAggregateParts(w, tenant, r, after);
    w.event('reservation-updated', changedEvent(r, 'ACTIVE', { restored: true }));
    w.event('stats-updated', { reservations: true });
    await w.commit();
    return after;
  });
}

// ---------------------------------------------------------------- delete

export async function deleteReservation(
  tenant: TenantId,
  auth: AuthClaims,
  id: string,
  now = Date.now(),
): Promise<void> {
  const actor = await actorOf(tenant, auth);
  await retrying('deleted', async () => {
    const r = await requireLive(tenant, id);
    if (r.status !== 'COMPLETED' && r.status !== 'CANCELLED')
      throw badRequest('Only completed or cancelled reservations can be deleted');
    const at = new Date(now).toISOString();
    const by = `${actor.firstName} ${actor.lastName}`.trim();
    const w = auditedWrite(tenant);
    // Out of the customer's index too, and one fewer on their count (docs/decisions/0006-nothing-rented-disappears.md): the list's
    // count and the details' list agree, neither shows a deleted reservation.
    transition(w, tenant, r, null, { deletedAt: at, deletedBy: by, deletedByUserId: actor.id, updatedAt: at }, [
      'gsi1pk',
      'gsi1sk',
      'gsi2pk',
      'gsi2sk',
    ]);
    if (r.customerId) await removeCustomerReservation(w, tenant, r.customerId, at);
    const log = logRow(tenant, { action: 'DELETED', reservation: r, actor, at });
    w.log(log.item);
    counters(w, tenant, r, null, log.counters);
    reportAggregateParts(w, tenant, r, null);
    w.event('reservation-updated', changedEvent(r, r.status, { deleted: true }));
    w.event('stats-updated', { reservations: true });
    await w.commit();
  });
}
