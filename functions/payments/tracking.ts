/**
 * Service payment tracking (R-RES-9): isPaid, amount and source per service reservation,
 * kept on the reservation row. Marking paid writes a SERVICE_PAYMENT row; unmarking (or changing the
 * amount) reverses the previous one, so the payments total stays the sum of the rows. Marking a public
 * booking paid removes its unpaid marker: the 24-hour sweep no longer cancels it.
 */
import type { TrackingView } from '../../shared/contract/reservation-models.js';
import type { TrackingInput } from '../../shared/contract/reservation-request-models.js';
import { PAYMENT_SOURCES } from '../../shared/contract/reservation-models.js';
import { fromCents, toCents } from '../../shared/domain/money.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { badRequest, conflict } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import type { AuthClaims } from '../lib/tokens.js';
import {
  actorOf,
  paymentRow,
  paymentStatsKey,
  requireLive,
  reservationKey,
  type ReservationRow,
} from '../reservation-rows/entity.js';
import { reservationsByIds } from '../reservations/queries.js';
import { SERVICE_ROWS } from '../services/model.js';

const sourceOf = (v: unknown): TrackingView['source'] =>
  (PAYMENT_SOURCES as readonly unknown[]).includes(v) ? (v as TrackingView['source']) : null;

function trackingOf(r: ReservationRow): TrackingView {
  return {
    isPaid: r.isPaid === true,
    amount: r.paidAmountCents != null ? fromCents(r.paidAmountCents) : null,
    source: sourceOf(r.paidSource),
  };
}

export async function trackingBatch(tenant: TenantId, ids: readonly string[]): Promise<Record<string, TrackingView>> {
  const rows = await reservationsByIds(tenant, ids);
  return Object.fromEntries(rows.filter((r) => !r.deletedAt).map((r) => [r.id, trackingOf(r)]));
}

export async function updateTracking(
  tenant: TenantId,
  auth: AuthClaims,
  reservationId: string,
  body: TrackingInput,
  now = Date.now(),
): Promise<TrackingView & { reservationId: string }> {
  const actor = await actorOf(tenant, auth);
  return optimistic(
    async (attempt) => {
      const r = await requireLive(tenant, reservationId);
      if (r.kind !== 'SERVICE') throw badRequest('Payment tracking is for service reservations');
      const at = new Date(now + attempt).toISOString();
      const wasPaid = r.isPaid === true;
      const before = wasPaid ? (r.paidAmountCents ?? 0) : 0;
      const amountCents = body.isPaid ? (body.amount != null ? toCents(body.amount) : (r.totalAmountCents ?? 0)) : null;
      const source = body.isPaid ? (body.source ?? null) : (body.source ?? null);
      const w = auditedWrite(tenant);
      w.update('reservation', reservationKey(tenant, r.id), {
        update:
          'SET isPaid = :paid, paidAmountCents = :amount, paidSource = :source, paymentStatus = :status, updatedAt = :at',
        condition: 'updatedAt = :seen',
        values: {
          ':paid': body.isPaid,
          ':amount': body.isPaid ? amountCents : body.amount != null ? toCents(body.amount) : null,
          ':source': source,
          ':status': body.isPaid ? 'PAID' : r.source === 'PUBLIC_BOOKING' ? 'PENDING_PAYMENT' : null,
          ':at': at,
          ':seen': r.updatedAt,
        },
      });
      if (body.isPaid) w.delete('unpaid-marker', keys.entity(tenant, SERVICE_ROWS.unpaid, r.id));
      const delta = (body.isPaid ? amountCents! : 0) - before;
      if (wasPaid && before !== 0 && (!body.isPaid || amountCents !== before)) {
        w.put(
          'reversal',
          paymentRow(tenant, {
            reservationId: r.id,
            amountCents: -before,
            type: 'REVERSAL',
            method: sourceOf(r.paidSource),
            note: 'Payment tracking changed',
            employee: actor,
            at,
          }),
        );
      }
      if (body.isPaid && (!wasPaid || amountCents !== before) && amountCents) {
        w.put(
          'payment',
          paymentRow(tenant, {
            reservationId: r.id,
            amountCents,
            type: 'SERVICE_PAYMENT',
            method: source,
            employee: actor,
            at,
          }),
        );
      }
      const rows =
        (wasPaid && before !== 0 && (!body.isPaid || amountCents !== before) ? 1 : 0) +
        (body.isPaid && (!wasPaid || amountCents !== before) && amountCents ? 1 : 0);
      if (delta !== 0 || rows) {
        w.count(paymentStatsKey(tenant, r.id), { totalCents: delta, count: rows });
        w.event('payment-processed', {
          reservationId: r.id,
          reservationNumber: r.reservationNumber,
          amount: fromCents(delta),
          paymentType: 'SERVICE_PAYMENT',
          isPaid: body.isPaid,
        });
        w.event('stats-updated', { payments: true });
      }
      try {
        await w.commit();
        return {
          reservationId: r.id,
          isPaid: body.isPaid,
          amount: body.isPaid ? fromCents(amountCents!) : body.amount != null ? Number(body.amount) : null,
          source: sourceOf(source),
        };
      } catch (e) {
        return retryWhen(e, e instanceof WriteFailed);
      }
    },
    () => {
      throw conflict('The reservation changed while its payment was being saved; please try again.');
    },
  );
}
