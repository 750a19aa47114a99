/**
 * The return of an item reservation (R-RES-5, R-RES-6, R-RES-7): ACTIVE → COMPLETED with its charges
 * (overage by the rate at booking, an optional refund within its cap, tax), the money movements beyond
 * the deposit as payment rows, the item released; one audited write conditional on the state read.
 */
import type { ReturnInput } from '../../shared/contract/reservation-request-models.js';
import { formatCents, fromCents } from '../../shared/domain/money.js';
import {
  checkRefund,
  computeCharges,
  hoursBetween,
  returnMovements,
  type Charges,
} from '../../shared/domain/charges.js';
import { returnTimeError } from '../../shared/domain/reservations.js';
import { auditedWrite } from '../lib/audited-write.js';
import { reportAggregateParts } from '../reservation-rows/aggregates.js';
import { badRequest } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import type { AuthClaims } from '../lib/tokens.js';
import { effectiveTaxRate } from '../settings/tax.js';
import {
  actorOf,
  logRow,
  overduePointerKey,
  paymentRow,
  paymentStatsKey,
  requireLive,
  startPointerKey,
  type ReservationRow,
} from '../reservation-rows/entity.js';
import { itemReleaseParts, releaseItem } from '../inventory/item-book.js';
import { itemHourlyCents, readItem } from '../bookings/items.js';
import { changedEvent, counters, retrying, transition } from './transition.js';

interface ReturnResult {
  row: ReservationRow;
  charges: Charges & { hourlyRateCents: number; reservationDuration: number; refundHours: number };
}

/** R-RES-15: the booked hours and rates of a reservation priced by day or week; null when hourly only. */
function rentalAtBooking(r: ReservationRow, hourlyCents: number) {
  if (!r.dailyRateAtBookingCents && !r.weeklyRateAtBookingCents) return null;
  return {
    bookedHours: Number(r.reservationDuration) || 0,
    rates: { hourlyCents, dailyCents: r.dailyRateAtBookingCents, weeklyCents: r.weeklyRateAtBookingCents },
  };
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
    // R-RES-15: a late return is priced by the rates quoted at booking (a late day at most a day).
    const rental = rentalAtBooking(r, rate);
    const before = computeCharges({ baseCents, hasService: false, hourlyRateCents: rate, overageHours, rental });
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
      rental,
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
    // Every money movement is its own row (docs/decisions/0012-right-about-money.md): what the rental cost beyond the deposit,
    // and the refund with its own method and reference. Together they are the balance.
    const unrefunded = computeCharges({
      baseCents,
      hasService: false,
      hourlyRateCents: rate,
      overageHours,
      rental,
      taxRate,
    });
    const movements = returnMovements({
      unrefundedTotalCents: unrefunded.totalCents,
      totalCents: charges.totalCents,
      depositCents: deposit,
    });
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
      refundPaidCents: movements.paidBackCents,
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
      refundPaidCents: movements.paidBackCents,
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
    // The payments counter keeps the net taken and, apart, what was paid back (R-DASH-6).
    if (rows)
      w.count(paymentStatsKey(tenant, r.id), {
        totalCents: balance,
        count: rows,
        refundedCents: movements.paidBackCents,
      });
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
