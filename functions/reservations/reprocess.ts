/**
 * Reprocess (R-RES-5): COMPLETED → ACTIVE, undoing the return: its charges back to the booked ones, its
 * charge payment reversed, the item claimed again (409 when it has been reserved since).
 */
import { fromCents } from '../../shared/domain/money.js';
import { auditedWrite } from '../lib/audited-write.js';
import { reportAggregateParts } from '../reservation-rows/aggregates.js';
import { badRequest } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import type { AuthClaims } from '../lib/tokens.js';
import {
  actorOf,
  logRow,
  paymentRow,
  paymentStatsKey,
  requireLive,
  type ReservationRow,
} from '../reservation-rows/entity.js';
import { changedEvent, counters, reclaimItem, retrying, transition } from './transition.js';

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
      refundPaidCents: null,
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
      refundPaidCents: null,
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
      // Undoing the return undoes what it paid back too (R-DASH-6).
      w.count(paymentStatsKey(tenant, r.id), {
        totalCents: -charge,
        count: 1,
        refundedCents: -(r.refundPaidCents ?? 0),
      });
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
