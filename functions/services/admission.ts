import type { Addon } from '../../shared/domain/pricing.js';
import {
  participantsRefusal,
  partySize,
  placesTaken,
  sameSlot,
  serviceZone,
  slotEnd,
  slotStart,
  type Slot,
} from '../../shared/domain/slots.js';
import {
  hasTicketTypes,
  ticketCount,
  ticketLines,
  ticketsRefusal,
  type TicketLine,
} from '../../shared/domain/tickets.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { optimistic, RETRY } from '../lib/optimistic.js';
import { type ServiceRow } from './model.js';
import { refusedText, releaseHold, type SlotHold, takePlaces } from './slot-holds.js';
import { expiredLink } from './link-errors.js';
import { getServiceRow } from './store.js';
import { placesLeft, slotCount, slotTag } from './slot-rows.js';
import type { ServiceBookingRequest } from './booking-request.js';

/*
 * A service booking's admission (R-BOOK-5, docs/decisions/0238-booking-rush.md): the slot, participants,
 * places and add-ons checked, and the places taken by one conditional write (slot-holds.ts).
 */

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

/** A service slot chosen and checked, with its places out of the slot (or held by a waitlist offer). */
export interface Admitted {
  service: ServiceRow;
  slot: Slot;
  index: number;
  zone: string;
  participants: number;
  places: number;
  addons: Addon[];
  /** R-SVC-13: the tickets counted and priced (empty on a service without ticket types). */
  tickets: TicketLine[];
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

  // R-SVC-13: a public booking of a service with ticket types names its tickets; they are its party and a
  // place each. Staff bookings and waitlist offers (which carry no tickets) keep the party they name.
  const asksTickets =
    (req.tickets?.length ?? 0) > 0 || (hasTicketTypes(service) && req.source === 'PUBLIC_BOOKING' && !req.held);
  const ticketRefusal = asksTickets ? ticketsRefusal(service.ticketTypes, req.tickets, req.participants) : null;
  if (ticketRefusal) throw badRequest(ticketRefusal);
  const tickets = asksTickets ? ticketLines(service.ticketTypes ?? [], req.tickets ?? []) : [];
  const rateType = tickets.length ? 'PER_PERSON' : service.rateType;
  const participants = tickets.length ? ticketCount(tickets) : partySize(rateType, req.participants);
  const refusal = participantsRefusal(rateType, service.rsvpSettings?.maxParticipants, participants);
  if (refusal) throw badRequest(refusal);
  const places = req.held?.places ?? placesTaken(rateType, participants);
  return { service, slot, index, zone, participants, places, addons: chosenAddons(service, req.addons), tickets };
}

/**
 * Reads the service, checks the slot, the participants and the add-ons, and takes the places with
 * one conditional write (services/slot-holds.ts, R-BOOK-5): a slot without enough places is refused
 * at once, by what the write found (never by a read that may be a moment old). Only a slot that moved
 * in the list (a staff edit) is read again.
 */
export async function admit(
  req: ServiceBookingRequest,
  holdId: string,
  orgZone: string,
  now: number,
  asking: () => void,
): Promise<Admitted> {
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
      if (req.held) {
        asking();
        return { ...a, hold: null };
      }

      const taken = await takePlaces(
        req.tenant,
        {
          serviceId: a.service.id,
          slot: a.slot,
          count: a.service.counts?.[slotTag(a.slot)] ?? slotCount(a.slot),
          places: a.places,
          holdId,
          onWrite: asking,
        },
        Date.now(),
      );
      if (taken.kind === 'taken') return fromTheWrite(req, a, taken, { orgZone, now, stale });
      throw conflict(refusedText(stale ? await leftNow(req, a.places) : taken.left));
    },
    () => {
      throw conflict('This time slot is being booked by others right now. Please try again.');
    },
  );
}

/**
 * A refusal counted from a warm read is counted again from consistent reads (a capacity raised
 * meanwhile counts): if the places fit after all, or the slot is gone, the booking starts again from them.
 */
async function leftNow(req: ServiceBookingRequest, places: number): Promise<number> {
  const slot = (await getServiceRow(req.tenant, req.serviceId, true))?.availability.find((s) => sameSlot(s, req.slot));
  if (!slot || slot.slotsAvailable >= places) throw new StaleRead();
  return slot.slotsAvailable;
}

/**
 * The booking is made from the service as it is after the taking write (a consistent read), never
 * from the read that chose the slot, which may be a moment old: a price, add-on, capacity, share link
 * or public switch edited in between counts. The places fit when the stored count and capacity read
 * now leave them beside what the slot row had taken before this write. If not, the places go back first.
 */
async function fromTheWrite(
  req: ServiceBookingRequest,
  a: Omit<Admitted, 'hold'>,
  taken: { hold: SlotHold; taken: number },
  o: { orgZone: string; now: number; stale: boolean },
): Promise<Admitted | typeof RETRY> {
  let refusal: unknown;
  try {
    const fresh = checked(req, await getServiceRow(req.tenant, req.serviceId, true, false), o.orgZone, o.now);
    const fits = placesLeft(slotCount(fresh.slot, taken.taken - a.places)) >= a.places;
    if (fits && fresh.places === a.places) return { ...fresh, slot: a.slot, hold: taken.hold };
  } catch (e) {
    refusal = o.stale ? new StaleRead() : e;
  }
  await releaseHold(req.tenant, taken.hold);
  if (refusal) throw refusal;
  return RETRY;
}
