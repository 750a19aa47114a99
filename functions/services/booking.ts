import { randomUUID } from 'node:crypto';
import type { ServiceReservationInput } from '../../shared/contract/reservation-request-models.js';
import { fromCents, toCents } from '../../shared/domain/money.js';
import { offsetsFor } from '../../shared/domain/reminders.js';
import { slotLabel } from '../../shared/domain/slots.js';
import { isClockTime, isRealDate } from '../../shared/domain/time.js';
import { addCustomerParts, matchCustomer } from '../customers/entity.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { ApiError, badRequest, conflict } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { organizationTimeZone } from '../lib/organization.js';
import { addNewReservationParts, nextReservationNumber } from '../bookings/create.js';
import { getReservationRow, type Person, type ReservationRow } from '../reservation-rows/entity.js';
import { readReminderSettings } from '../settings/reminders.js';
import { effectiveTaxRate } from '../settings/tax.js';
import { serviceReservationRow } from './booking-row.js';
import { SERVICE_ROWS, type ServiceRow, UNPAID_INDEX_PK } from './model.js';
import { HOLD_COMMIT_WINDOW_MS, releaseHold, type SlotHold } from './slot-holds.js';
import { admit, type Admitted } from './admission.js';
import type { ServiceBookingRequest } from './booking-request.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';

/**
 * The one booking function for a service slot, public or staff (R-BOOK-1, R-RES-2). First the places
 * (`admit`, one conditional write). Then one audited transaction writes the reservation with its
 * number, log line, counters and events (bookings/create.ts), finds or creates the customer
 * (customers/entity.ts) and, for a public booking, the unpaid marker the 24-hour sweep reads; it does
 * not touch the service row, so winners of a rush do not conflict there. If it cannot land, the places
 * go back (R-BOOK-5).
 */
export async function bookServiceSlot(
  req: ServiceBookingRequest,
  now = Date.now(),
): Promise<{
  row: ReservationRow;
  service: ServiceRow;
  slotLabel: string;
  dueBy: string | null;
  addons: { name: string; amount: number }[];
}> {
  const { tenant } = req;
  if (!isRealDate(req.slot.date) || !isClockTime(req.slot.startTime) || !isClockTime(req.slot.endTime))
    throw badRequest('The chosen time slot is not a valid date and time');
  const reservationId = randomUUID();
  // The reads a booking needs once it has places start as it asks for them, beside its write.
  let reads: BookingReads | undefined;
  const asking = () => {
    reads ??= startReads(req);
    req.onAsking?.();
  };
  const a = await admit(req, reservationId, await organizationTimeZone(tenant), now, asking);
  try {
    // The hold stays until the sweep forgets it with the slot's other landed holds (slot-holds.ts).
    return await commitBooking(req, a, reservationId, now, reads ?? startReads(req));
  } catch (e) {
    if (a.hold) await giveBack(tenant, a.hold, e);
    throw e;
  }
}

/**
 * A booking that failed gives its places back, unless it may have landed after all (an error other
 * than a refused transaction or a refusal of ours): then the sweep decides, by the reservation's presence.
 */
async function giveBack(tenant: TenantId, hold: SlotHold, e: unknown): Promise<void> {
  const certain = e instanceof WriteFailed || e instanceof ApiError;
  if (!certain) return;
  if (await getReservationRow(tenant, hold.holdId, true)) return;
  await releaseHold(tenant, hold).catch((err: unknown) =>
    logger.warn('places left for the hold sweep', { serviceId: hold.serviceId, error: String(err) }),
  );
}

/** The reservation, customer, counters and markers of an admitted booking: retried only on contention. */
type BookingReads = ReturnType<typeof startReads>;

/** The tax rate, the reminder settings and the customer match; a booking refused meanwhile never awaits them. */
function startReads(req: ServiceBookingRequest) {
  // R-MONEY-3: tax = the reservation's rate, else the organization's, else 0; services too (docs/decisions/0012-right-about-money.md).
  const reads = Promise.all([
    effectiveTaxRate(req.tenant),
    readReminderSettings(req.tenant),
    matchCustomer(req.tenant, req.customer),
  ]);
  reads.catch(() => undefined);
  return reads;
}

async function commitBooking(
  req: ServiceBookingRequest,
  a: Admitted,
  reservationId: string,
  now: number,
  reads: BookingReads,
) {
  const { tenant } = req;
  // The number only once the places are taken: a refused booking draws none.
  const [[taxRate, reminderSettings, firstMatch], reservationNumber] = await Promise.all([
    reads,
    nextReservationNumber(tenant),
  ]);
  return optimistic(
    async (attempt) => {
      if (a.hold && Date.now() - a.hold.at > HOLD_COMMIT_WINDOW_MS)
        throw conflict('This booking took too long. Please try again.');
      // A retry follows a lost race, possibly on the customer's own rows: match again.
      const match = attempt === 0 ? firstMatch : await matchCustomer(tenant, req.customer);
      const { row, dueBy, addonCents } = serviceReservationRow({
        reservationId,
        reservationNumber,
        service: a.service,
        slot: a.slot,
        zone: a.zone,
        participants: a.participants,
        places: a.places,
        addons: a.addons,
        tickets: a.tickets,
        customerId: match.id,
        customer: req.customer,
        notes: req.notes,
        allergies: req.allergies,
        source: req.source,
        actor: req.actor,
        deposit: req.deposit,
        taxRate,
        now,
      });
      const w = auditedWrite(tenant);
      if (req.held) req.held.parts(w, row);
      if (dueBy) {
        w.put('unpaid-marker', {
          ...keys.entity(tenant, SERVICE_ROWS.unpaid, reservationId),
          gsi1pk: shardedIndexKey(UNPAID_INDEX_PK, tenant),
          gsi1sk: `${dueBy}#${tenant}#${reservationId}`,
          tenantId: tenant,
          reservationId,
          serviceId: a.service.id,
          slot: row.slot,
          places: a.places,
          dueBy,
        });
      }
      addCustomerParts(w, tenant, match, req.customer, row.createdAt, req.source);
      // Reminders: the service's own offsets, else the tenant's for service bookings (R-SET-7).
      const reminders = offsetsFor(reminderSettings, 'SERVICE', a.service.reminderSettings);
      addNewReservationParts(w, tenant, row, { actor: req.actor, now, reminders });
      try {
        await w.commit();
        const addons = addonCents.map((x) => ({ name: x.name, amount: fromCents(x.cents) }));
        return { row, service: a.service, slotLabel: slotLabel(a.slot), dueBy, addons };
      } catch (e) {
        req.held?.refused(e);
        return retryWhen(
          e,
          e instanceof WriteFailed && !e.failed.includes('reservation') && !e.failed.includes('number'),
        );
      }
    },
    () => {
      logger.warn('booking gave up after repeated conflicts', { serviceId: req.serviceId });
      throw conflict('This time slot is being booked by others right now. Please try again.');
    },
  );
}

/** A service booked by staff for a customer (R-RES-2), through the same slot transaction. */
export async function bookServiceForCustomer(
  tenant: TenantId,
  actor: Person,
  body: ServiceReservationInput,
  now = Date.now(),
): Promise<ReservationRow> {
  const r = body.reservation;
  const { row } = await bookServiceSlot(
    {
      tenant,
      serviceId: r.serviceId,
      slot: r.availabilitySlots[0]!,
      participants: r.participantCount ?? 1,
      addons: r.selectedAddons,
      customer: { ...body.customer, email: body.customer.email || null },
      notes: r.notes,
      allergies: r.allergies,
      source: 'STAFF',
      actor,
      deposit: r.depositAmount
        ? {
            cents: toCents(r.depositAmount),
            cash: r.depositType?.cash === true,
            credit: r.depositType?.credit === true,
            paymentId: r.paymentId?.trim() || null,
          }
        : undefined,
    },
    now,
  );
  return row;
}
