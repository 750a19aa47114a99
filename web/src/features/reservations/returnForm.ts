import { toCents } from '../../../../shared/domain/money.js';
import { computeCharges, hourlyRateCents, hoursBetween } from '../../../../shared/domain/charges.js';
import type { ReturnInput } from '../../../../shared/contract/reservation-request-models.js';
import { EMPTY_REFUND, type RefundEntry, refundCents, refundFromHours } from './refundRules.js';
import type { Reservation } from './types.js';

/** The figures the dialog previews, with the server's own functions (the server decides). */
export function previewCharges(r: Reservation, returnAt: number, entry: typeof EMPTY_REFUND, orgTaxRate: number) {
  const rate = hourlyRateCents({
    rateAtBooking: r.hourlyRateAtBooking,
    itemHourlyRate: r.inventoryItem?.hourlyRate,
    serviceRate: r.service?.rate,
  });
  const baseCents = toCents(r.baseAmount);
  // R-RES-15: a late return by the daily and weekly rates at booking, as the server prices it.
  const rental =
    r.dailyRateAtBooking || r.weeklyRateAtBooking
      ? {
          bookedHours: Number(r.reservationDuration) || 0,
          rates: {
            hourlyCents: rate,
            dailyCents: toCents(r.dailyRateAtBooking ?? 0),
            weeklyCents: toCents(r.weeklyRateAtBooking ?? 0),
          },
        }
      : null;
  const end = Date.parse(r.endTime);
  const overageHours = Number.isFinite(returnAt) && Number.isFinite(end) ? Math.max(0, hoursBetween(end, returnAt)) : 0;
  const cap = computeCharges({
    baseCents,
    hasService: !!r.serviceId,
    hourlyRateCents: rate,
    overageHours,
    rental,
  }).subtotalCents;
  const refund = entry.manualEntry === 'hours' ? refundFromHours(Number(entry.hours), rate, cap) : refundCents(entry);
  const taxRate = r.taxRate > 0 ? r.taxRate : orgTaxRate;
  const c = computeCharges({
    baseCents,
    hasService: !!r.serviceId,
    hourlyRateCents: rate,
    overageHours,
    rental,
    refundCents: Math.min(refund, cap),
    taxRate,
  });
  return { rateCents: rate, capCents: cap, charges: c };
}

/** What "Process Return" sends: no refund part when nothing of a refund was entered (R-RES-5). */
export function returnInput(f: {
  returnAt: number;
  notes: string;
  refund: RefundEntry;
  paymentId: string;
}): ReturnInput {
  const { refund, paymentId } = f;
  return {
    actualReturnTime: new Date(f.returnAt).toISOString(),
    notes: f.notes.trim() || null,
    refund:
      refund.manualEntry === 'none' && !refund.cash && !refund.credit && !paymentId.trim()
        ? null
        : {
            hours: refund.manualEntry === 'hours' ? Number(refund.hours) : null,
            amount:
              refund.manualEntry === 'amount'
                ? Number(refund.amount)
                : refund.manualEntry === 'hours'
                  ? Number(refund.amount)
                  : null,
            paymentId: paymentId.trim() || null,
            cash: refund.cash,
            credit: refund.credit,
            manualEntry: refund.manualEntry,
          },
  };
}
