import { randomUUID } from 'node:crypto';
import type { ServiceReservationInput } from '../../shared/contract/reservation-request-models.js';
import { fromCents, toCents } from '../../shared/domain/money.js';
import type { Addon } from '../../shared/domain/pricing.js';
import { offsetsFor } from '../../shared/domain/reminders.js';
import {
  DEFAULT_PUBLIC_MAX_PARTICIPANTS,
  HARD_MAX_PARTICIPANTS,
  placesTaken,
  sameSlot,
  serviceZone,
  slotEnd,
  slotLabel,
  slotStart,
  type Slot,
  type SlotRef,
} from '../../shared/domain/slots.js';
import { isClockTime, isRealDate } from '../../shared/domain/time.js';
import { addCustomerParts, matchCustomer, type CustomerInput } from '../customers/entity.js';
import { type AuditedWrite, auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { optimistic, RETRY, retryWhen } from '../lib/optimistic.js';
import { organizationTimeZone } from '../lib/organization.js';
import { addNewReservationParts, nextReservationNumber } from '../reservations/create.js';
import { getReservationRow, type Person, type ReservationRow } from '../reservations/entity.js';
import { readReminderSettings } from '../settings/reminders.js';
import { effectiveTaxRate } from '../settings/tax.js';
import { serviceReservationRow } from './booking-row.js';
import { E, type ServiceRow, UNPAID_INDEX_PK } from './model.js';
import { HOLD_COMMIT_WINDOW_MS, refusedText, releaseHold, type SlotHold, takePlaces } from './slot-holds.js';
import { expiredLink } from './link-errors.js';
import { getServiceRow, parseServiceRow } from './store.js';

/** The service's own add-ons for what was picked; rates sent by the browser are ignored. */
function chosenAddons(service: ServiceRow, picked: readonly { id?: string; name: string }[] | undefined): Addon[] {
  if (!picked?.length) return [];
  if (!service.enableAddons) throw badRequest('Add-ons are not available for this service');
  return picked.map((p) => {
    const match = service.addons.find((a) => (p.id && a.id === p.id) || a.name === p.name);
    if (!match) throw badRequest(`The add-on "${p.name}" is no longer available`);
    return match;
  });
}

export interface ServiceBookingRequest {
  tenant: TenantId;
  serviceId: string;
  slot: SlotRef;
  participants: number;
  addons?: readonly { id?: string; name: string }[];
  customer: CustomerInput;
  notes?: string | null;
  allergies?: string | null;
  /** Public bookings: the share token the service must still carry. */
  shareToken?: string;
  source: 'PUBLIC_BOOKING' | 'STAFF';
  actor: Person | null;
  deposit?: { cents: number; cash: boolean; credit: boolean; paymentId: string | null };
  /** An accepted waitlist offer: its places are already out of the slot (R-SVC-9). */
  held?: HeldPlaces;
  /** The service as the caller has just read it: the first attempt uses it (the write's condition decides). */
  read?: ServiceRow;
  /** `read` came from a warm cache: any answer but places taken or a full slot is a StaleRead. */
  readMayBeStale?: boolean;
  /** Called once the places are the booking's: the caller starts reads it needs only then (its mail). */
  onAdmitted?: () => void;
}

/**
 * Places a waitlist offer already holds (services/waitlist-offers.ts, R-SVC-9): the booking does not
 * touch the slot again; `parts` adds the offer's own conditional transition instead, and `refused`
 * turns that part's failure into the answer (no retry).
 */
export interface HeldPlaces {
  places: number;
  parts: (w: AuditedWrite, row: ReservationRow) => void;
  refused: (e: unknown) => void;
}

/** A service slot chosen and checked, with its places out of the slot (or held by a waitlist offer). */
interface Admitted {
  service: ServiceRow;
  slot: Slot;
  index: number;
  zone: string;
  participants: number;
  places: number;
  addons: Addon[];
  /** Null for a waitlist offer's places, which the offer holds. */
  hold: SlotHold | null;
}

/**
 * A booking started from a warm read of the service (`readMayBeStale`) met something other than
 * places taken or a full slot: the caller starts again from fresh reads, so every other answer is the
 * one a fresh read gives (public-booking.ts).
 */
export class StaleRead extends Error {}

const linkChanged = () => conflict('This booking link has just changed. Please reload the page.');

/** The slot, participants, places and add-ons of the request on `service`, or the answer refusing them. */
function checked(req: ServiceBookingRequest, service: ServiceRow | null, orgZone: string, now: number) {
  if (!service) throw notFound('Service not found');
  if (req.shareToken) {
    if (service.shareToken !== req.shareToken) throw linkChanged();
    if (!service.isActive || !service.rsvpSettings.enablePublicBookings) throw expiredLink();
  }
  const zone = serviceZone(service, orgZone);
  const index = service.availability.findIndex((s) => sameSlot(s, req.slot));
  const slot = service.availability[index];
  const open = slot && (req.source === 'PUBLIC_BOOKING' ? slotStart(slot, zone) > now : slotEnd(slot, zone) > now);
  if (!slot || !open) throw conflict('This time slot is no longer available');

  const perPerson = service.rateType === 'PER_PERSON';
  const participants = perPerson ? Math.max(1, Math.floor(req.participants || 1)) : 1;
  const ownMax = service.rsvpSettings?.maxParticipants || DEFAULT_PUBLIC_MAX_PARTICIPANTS;
  if (perPerson && participants > Math.min(ownMax, HARD_MAX_PARTICIPANTS))
    throw badRequest(`At most ${Math.min(ownMax, HARD_MAX_PARTICIPANTS)} participants per booking`);
  const places = req.held?.places ?? placesTaken(service.rateType, participants);
  return { service, slot, index, zone, participants, places, addons: chosenAddons(service, req.addons) };
}

/**
 * Reads the service, checks the slot, the participants and the add-ons, and takes the places with
 * one conditional write (services/slot-holds.ts, R-BOOK-5): a slot without enough places is refused
 * at once, by what the write found (never by a read that may be a moment old). Only a slot that moved
 * in the list (a staff edit) is read again.
 */
async function admit(req: ServiceBookingRequest, holdId: string, orgZone: string, now: number): Promise<Admitted> {
  return optimistic(
    async (attempt) => {
      const stale = attempt === 0 && req.read !== undefined && req.readMayBeStale === true;
      const service = attempt === 0 && req.read ? req.read : await getServiceRow(req.tenant, req.serviceId, true);
      let a: Omit<Admitted, 'hold'>;
      try {
        a = checked(req, service, orgZone, now);
      } catch (e) {
        if (stale) throw new StaleRead();
        throw e;
      }
      if (req.held) return { ...a, hold: null };

      const taken = await takePlaces(
        req.tenant,
        {
          serviceId: a.service.id,
          index: a.index,
          slot: a.slot,
          places: a.places,
          holdId,
          shareToken: req.shareToken,
          seenLeft: a.slot.slotsAvailable,
        },
        Date.now(),
      );
      if (taken.kind === 'taken') return fromTheWrite(req, a, taken, { orgZone, now, stale });
      if (taken.kind === 'refused') throw conflict(refusedText(taken.left));
      if (stale) throw new StaleRead();
      if (taken.kind === 'gone') throw notFound('Service not found');
      if (taken.kind === 'link-changed') throw linkChanged();
      if (taken.kind === 'closed') throw expiredLink();
      return retryWhen(null, true);
    },
    () => {
      throw conflict('This time slot is being booked by others right now. Please try again.');
    },
  );
}

/**
 * The booking is made from the service as the taking write left it, never from the read that chose
 * the slot, which may be a moment old: a price, add-on or capacity edited in between counts. If the
 * request no longer fits that row, the places go back first.
 */
async function fromTheWrite(
  req: ServiceBookingRequest,
  a: Omit<Admitted, 'hold'>,
  taken: { hold: SlotHold; row: Record<string, unknown> },
  o: { orgZone: string; now: number; stale: boolean },
): Promise<Admitted | typeof RETRY> {
  try {
    const fresh = checked(req, parseServiceRow(taken.row), o.orgZone, o.now);
    if (fresh.index === a.index && fresh.places === a.places) return { ...fresh, hold: taken.hold };
  } catch (e) {
    await releaseHold(req.tenant, taken.hold.serviceId, taken.hold.holdId);
    if (o.stale) throw new StaleRead();
    throw e;
  }
  await releaseHold(req.tenant, taken.hold.serviceId, taken.hold.holdId);
  return RETRY;
}

/**
 * The one booking function for a service slot, public or staff (R-BOOK-1, R-RES-2). First the places
 * (`admit`, one conditional write). Then one audited transaction writes the reservation with its
 * number, log line, counters and events (reservations/create.ts), finds or creates the customer
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
  const a = await admit(req, reservationId, await organizationTimeZone(tenant), now);
  req.onAdmitted?.();
  try {
    // The hold stays until the sweep forgets it with the slot's other landed holds (slot-holds.ts).
    return await commitBooking(req, a, reservationId, now);
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
  await releaseHold(tenant, hold.serviceId, hold.holdId).catch((err: unknown) =>
    logger.warn('places left for the hold sweep', { serviceId: hold.serviceId, error: String(err) }),
  );
}

/** The reservation, customer, counters and markers of an admitted booking: retried only on contention. */
async function commitBooking(req: ServiceBookingRequest, a: Admitted, reservationId: string, now: number) {
  const { tenant } = req;
  // R-MONEY-3: tax = the reservation's rate, else the organization's, else 0; services too (docs/decisions/right-about-money.md).
  const [taxRate, reminderSettings, reservationNumber, firstMatch] = await Promise.all([
    effectiveTaxRate(tenant),
    readReminderSettings(tenant),
    nextReservationNumber(tenant),
    matchCustomer(tenant, req.customer),
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
          ...keys.entity(tenant, E.unpaid, reservationId),
          gsi1pk: UNPAID_INDEX_PK,
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
