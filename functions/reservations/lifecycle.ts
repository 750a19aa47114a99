/**
 * The lifecycle of R-RES-5, each transition one audited write conditional on the state read:
 *   ACTIVE → CANCELLED (cancel), ACTIVE → COMPLETED (return, items only), COMPLETED → ACTIVE
 *   (reprocess: undoes the return's charges and payments), CANCELLED → ACTIVE (restore, item
 *   reservations), COMPLETED | CANCELLED → deleted (soft: reads answer 410 with who and when).
 * Every transition writes its log line, counters and live events in its own transaction; a write
 * that loses a race re-reads and decides again (the second decision gives the right 4xx).
 */
import type { ReturnInput } from '../../shared/contract/reservation-models.js';
import { formatCents, fromCents } from '../../shared/domain/money.js';
import {
  checkRefund,
  computeCharges,
  hoursBetween,
  returnMovements,
  type Charges,
} from '../../shared/domain/pricing.js';
import { returnTimeError } from '../../shared/domain/reservations.js';
import { auditedWrite, WriteFailed, type AuditedWrite } from '../lib/audited-write.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { reportAggregateParts } from '../reports/aggregates.js';
import { ApiError, badRequest, conflict } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import type { AuthClaims } from '../lib/tokens.js';
import { addSlotReleaseParts } from '../services/booking.js';
import { removeCustomerReservation } from '../customers/entity.js';
import { effectiveTaxRate } from '../settings/tax.js';
import {
  actorOf,
  listIndex,
  logRow,
  overduePointer,
  overduePointerKey,
  paymentRow,
  paymentStatsKey,
  reservationKey,
  serviceBookingKey,
  startPointer,
  startPointerKey,
  statsKey,
  requireLive,
  statusDelta,
  type Person,
  type ReservationRow,
} from './entity.js';
import { claimItem, itemInUseParts, itemReleaseParts, readItemBook, releaseItem } from './item-book.js';
import { itemHourlyCents, overlapping, readItem, RENTABLE } from './items.js';
import { addReminderParts, reminderOffsetsFor } from './reminders.js';

/** Any cancelled write of a transition is a lost race: read again and judge again. */
function retrying<T>(what: string, fn: () => Promise<T>): Promise<T> {
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
function transition(
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

function counters(
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
  w.count(statsKey(tenant), d);
}

const changedEvent = (r: ReservationRow, status: string, extra: Record<string, unknown> = {}) => ({
  id: r.id,
  reservationNumber: r.reservationNumber,
  kind: r.kind,
  status,
  customerName: `${r.customer.firstName} ${r.customer.lastName}`.trim(),
  ...extra,
});

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
  } = {},
): Promise<ReservationRow> {
  return retrying('cancelled', async () => {
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
}

// ---------------------------------------------------------------- return

export interface ReturnResult {
  row: ReservationRow;
  charges: Charges & { hourlyRateCents: number; reservationDuration: number; refundHours: number };
}

export async function processReturn(
  tenant: TenantId,
  auth: AuthClaims,
  id: string,
  body: ReturnInput,
  now = Date.now(),
): Promise<ReturnResult> {
  const actor = await actorOf(tenant, auth);
  const zone = await organizationTimeZone(tenant);
  return retrying('returned', async () => {
    const r = await requireLive(tenant, id);
    if (r.status !== 'ACTIVE')
      throw badRequest(`Only active reservations can be returned (this one is ${r.status.toLowerCase()})`);
    if (r.kind !== 'ITEM' || r.serviceId) throw badRequest('Service reservations are not returned');
    const start = Date.parse(r.startTime);
    const actual = Date.parse(body.actualReturnTime);
    const returnError = returnTimeError(actual, start, zone, now);
    if (returnError) throw badRequest(returnError);

    const item = r.inventoryItemId ? await readItem(tenant, r.inventoryItemId) : null;
    const rate = r.hourlyRateAtBookingCents ?? (item ? itemHourlyCents(item) : 0);
    const baseCents = r.baseAmountCents ?? r.bookedSubtotalCents ?? 0;
    const overageHours = Math.max(0, hoursBetween(Date.parse(r.endTime), actual));
    const before = computeCharges({ baseCents, hasService: false, hourlyRateCents: rate, overageHours });
    const capCents = baseCents + before.overageCents;
    const refund = checkRefund({
      ...(body.refund ?? {}),
      manualEntry: body.refund?.manualEntry ?? null,
      hourlyRateCents: rate,
      capCents,
    });
    if (!refund.ok) throw badRequest(refund.message);
    const taxRate = (r.taxRate ?? 0) > 0 ? r.taxRate! : await effectiveTaxRate(tenant);
    const charges = computeCharges({
      baseCents,
      hasService: false,
      hourlyRateCents: rate,
      overageHours,
      refundCents: refund.refundCents,
      taxRate,
    });

    const at = new Date(now).toISOString();
    const deposit = r.depositAmountCents ?? 0;
    const balance = charges.totalCents - deposit;
    const refundMethod =
      body.refund?.cash || body.refund?.credit
        ? [body.refund?.cash ? 'Cash' : '', body.refund?.credit ? 'Credit' : ''].filter(Boolean).join(' & ')
        : null;
    const notes = body.notes?.trim() ? [r.notes, `Return: ${body.notes.trim()}`].filter(Boolean).join('\n') : r.notes;
    const after: ReservationRow = {
      ...r,
      status: 'COMPLETED',
      actualReturnTime: new Date(actual).toISOString(),
      overageHours: charges.overageHours,
      overageAmountCents: charges.overageCents,
      refundHours: refund.refundHours,
      refundAmountCents: charges.refundCents,
      subtotalCents: charges.subtotalCents,
      taxRate: charges.taxRate,
      taxAmountCents: charges.taxCents,
      totalAmountCents: charges.totalCents,
      processedByEmployee: actor,
      returnChargeCents: balance,
      isOverdue: false,
      notes,
      updatedAt: at,
    };
    const w = auditedWrite(tenant);
    transition(w, tenant, r, 'COMPLETED', {
      actualReturnTime: after.actualReturnTime,
      overageHours: after.overageHours,
      overageAmountCents: after.overageAmountCents,
      refundHours: after.refundHours,
      refundAmountCents: after.refundAmountCents,
      refundMethod,
      refundPaymentId: body.refund?.paymentId?.trim() || null,
      subtotalCents: after.subtotalCents,
      taxRate: after.taxRate,
      taxAmountCents: after.taxAmountCents,
      totalAmountCents: after.totalAmountCents,
      processedByEmployee: actor,
      returnChargeCents: balance,
      isOverdue: false,
      notes: notes ?? null,
      updatedAt: at,
    });
    if (r.inventoryItemId) {
      releaseItem(w, tenant, r.inventoryItemId, r.id);
      itemReleaseParts(w, tenant, item?.item ?? null, r.id, at);
    }
    w.delete('overdue-pointer', overduePointerKey(tenant, r.id));
    w.delete('start-pointer', startPointerKey(tenant, r.id));
    const paymentId = body.refund?.paymentId?.trim() || null;
    // Every money movement is its own row (docs/decisions/right-about-money.md): what the rental cost beyond the deposit,
    // and the refund with its own method and reference. Together they are the balance.
    const unrefunded = computeCharges({ baseCents, hasService: false, hourlyRateCents: rate, overageHours, taxRate });
    const movements = returnMovements({
      unrefundedTotalCents: unrefunded.totalCents,
      totalCents: charges.totalCents,
      depositCents: deposit,
    });
    if (movements.chargeCents !== 0) {
      const kind = movements.chargeCents > 0 ? 'CHARGE' : 'REFUND';
      w.put(
        'charge',
        paymentRow(tenant, {
          reservationId: r.id,
          amountCents: movements.chargeCents,
          type: kind,
          method: kind === 'REFUND' ? refundMethod : null,
          paymentId: null,
          note: kind === 'CHARGE' ? 'Rental balance after the deposit' : 'Deposit above the rental cost',
          employee: actor,
          at,
        }),
      );
      w.event('payment-processed', {
        reservationId: r.id,
        reservationNumber: r.reservationNumber,
        amount: fromCents(movements.chargeCents),
        paymentType: kind,
      });
    }
    if (movements.refundCents > 0) {
      w.put(
        'refund',
        paymentRow(tenant, {
          reservationId: r.id,
          amountCents: -movements.refundCents,
          type: 'REFUND',
          method: refundMethod,
          paymentId,
          note: `Refund ${formatCents(charges.refundCents)}${refund.refundHours ? ` (${refund.refundHours} h)` : ''}${movements.refundCents !== charges.refundCents ? ' with its tax' : ''}`,
          employee: actor,
          at,
        }),
      );
      w.event('payment-processed', {
        reservationId: r.id,
        reservationNumber: r.reservationNumber,
        amount: -fromCents(movements.refundCents),
        paymentType: 'REFUND',
      });
    }
    const rows = (movements.chargeCents !== 0 ? 1 : 0) + (movements.refundCents > 0 ? 1 : 0);
    if (rows) w.count(paymentStatsKey(tenant), { totalCents: balance, count: rows });
    const log = logRow(tenant, { action: 'RETURNED', reservation: after, actor, at, paymentId });
    w.log(log.item);
    counters(
      w,
      tenant,
      r,
      'COMPLETED',
      log.counters,
      r.createdByEmployee?.id ? { [`emp#${r.createdByEmployee.id}#revenueCents`]: after.totalAmountCents ?? 0 } : {},
    );
    reportAggregateParts(w, tenant, r, after);
    w.event('reservation-updated', changedEvent(r, 'COMPLETED', { totalAmount: fromCents(charges.totalCents) }));
    w.event('stats-updated', { reservations: true, payments: balance !== 0 });
    await w.commit();
    return {
      row: after,
      charges: {
        ...charges,
        hourlyRateCents: rate,
        reservationDuration: Number(r.reservationDuration) || 0,
        refundHours: refund.refundHours,
      },
    };
  });
}

// ---------------------------------------------------------------- reprocess and restore

/** Claims the item again for an ACTIVE-again reservation; 409 naming the reservation that took it since. */
async function reclaimItem(
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

export async function reprocessReservation(
  tenant: TenantId,
  auth: AuthClaims,
  id: string,
  now = Date.now(),
): Promise<ReservationRow> {
  const actor = await actorOf(tenant, auth);
  return retrying('reprocessed', async () => {
    const r = await requireLive(tenant, id);
    if (r.status !== 'COMPLETED')
      throw badRequest(`Only completed reservations can be reprocessed (this one is ${r.status.toLowerCase()})`);
    const at = new Date(now).toISOString();
    const w = auditedWrite(tenant);
    await reclaimItem(w, tenant, r, now, at);
    const charge = r.returnChargeCents ?? 0;
    const after: ReservationRow = {
      ...r,
      status: 'ACTIVE',
      actualReturnTime: null,
      overageHours: 0,
      overageAmountCents: 0,
      refundHours: 0,
      refundAmountCents: 0,
      subtotalCents: r.bookedSubtotalCents ?? r.subtotalCents,
      taxAmountCents: r.bookedTaxAmountCents ?? r.taxAmountCents,
      totalAmountCents: r.bookedTotalAmountCents ?? r.totalAmountCents,
      processedByEmployee: null,
      reprocessedByEmployee: actor,
      reprocessedAt: at,
      returnChargeCents: null,
      isOverdue: false,
      updatedAt: at,
    };
    transition(w, tenant, r, 'ACTIVE', {
      actualReturnTime: null,
      overageHours: 0,
      overageAmountCents: 0,
      refundHours: 0,
      refundAmountCents: 0,
      refundMethod: null,
      refundPaymentId: null,
      subtotalCents: after.subtotalCents ?? 0,
      taxAmountCents: after.taxAmountCents ?? 0,
      totalAmountCents: after.totalAmountCents ?? 0,
      processedByEmployee: null,
      reprocessedByEmployee: actor,
      reprocessedAt: at,
      returnChargeCents: null,
      isOverdue: false,
      updatedAt: at,
    });
    if (charge !== 0) {
      w.put(
        'reversal',
        paymentRow(tenant, {
          reservationId: r.id,
          amountCents: -charge,
          type: 'REVERSAL',
          method: null,
          note: 'Return undone (reprocessed)',
          employee: actor,
          at,
        }),
      );
      w.count(paymentStatsKey(tenant), { totalCents: -charge, count: 1 });
      w.event('payment-processed', {
        reservationId: r.id,
        reservationNumber: r.reservationNumber,
        amount: -fromCents(charge),
        paymentType: 'REVERSAL',
      });
    }
    const log = logRow(tenant, { action: 'REPROCESSED', reservation: after, actor, at });
    w.log(log.item);
    counters(w, tenant, r, 'ACTIVE', log.counters);
    reportAggregateParts(w, tenant, r, after);
    w.event('reservation-updated', changedEvent(r, 'ACTIVE', { reprocessed: true }));
    w.event('stats-updated', { reservations: true });
    await w.commit();
    return after;
  });
}

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
    if (r.noShow === true) await (await import('./no-show.js')).undoNoShowParts(w, tenant, r, at);
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
    // Out of the customer's index too, and one fewer on their count (docs/decisions/nothing-rented-disappears.md): the list's
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

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
