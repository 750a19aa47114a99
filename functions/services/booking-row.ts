import { toCents } from '../../shared/domain/money.js';
import { addonQuantity, bookingNotes, quoteCents, type Addon } from '../../shared/domain/pricing.js';
import { type Slot, slotEnd, slotHours, slotRate, slotStart } from '../../shared/domain/slots.js';
import { computeCharges } from '../../shared/domain/charges.js';
import { unpaidDueBy } from '../../shared/domain/share.js';
import type { CustomerInput } from '../customers/entity.js';
import { bookedCustomer, bookedMoney } from '../bookings/create.js';
import type { Person, ReservationRow } from '../reservation-rows/entity.js';
import type { ServiceRow } from './model.js';
import { ticketPrice, type TicketLine } from '../../shared/domain/tickets.js';

/** What a service booking is made of, once its places are taken (services/booking.ts). */
interface ServiceBookingFacts {
  reservationId: string;
  reservationNumber: string;
  service: ServiceRow;
  slot: Slot;
  zone: string;
  participants: number;
  places: number;
  addons: Addon[];
  /** R-SVC-13: the tickets counted (empty without ticket types): they are the base price. */
  tickets?: readonly TicketLine[];
  customerId: string;
  customer: CustomerInput;
  notes?: string | null;
  allergies?: string | null;
  source: 'PUBLIC_BOOKING' | 'STAFF';
  actor: Person | null;
  deposit?: { cents: number; cash: boolean; credit: boolean; paymentId: string | null };
  taxRate: number;
  now: number;
}

/**
 * The reservation row of a service booking (R-BOOK-4, R-RES-2): the price by the tier of the
 * service's day in its zone (R-SVC-3), add-ons as data, tax as every booking (R-MONEY-3),
 * the payment deadline for public bookings, never after the start (R-BOOK-6). Also the add-on amounts the answer shows.
 */
export function serviceReservationRow(f: ServiceBookingFacts): {
  row: ReservationRow;
  dueBy: string | null;
  addonCents: { name: string; cents: number }[];
} {
  const { service, slot, zone, participants, addons } = f;
  const price = slotRate(service, slot, zone);
  const hours = slotHours(slot, zone);
  const tickets = f.tickets ?? [];
  const base = tickets.length ? ticketPrice(tickets) : { rate: price.rate, rateType: price.rateType, participants };
  const q = quoteCents({ ...base, hours, addons });
  const charges = computeCharges({ baseCents: q.totalCents, hasService: true, hourlyRateCents: 0, taxRate: f.taxRate });
  const createdAt = new Date(f.now).toISOString();
  const isPublic = f.source === 'PUBLIC_BOOKING';
  const dueBy = isPublic ? new Date(unpaidDueBy(f.now, slotStart(slot, zone))).toISOString() : null;
  // Public bookings keep allergies only when the service asks for them (R-BOOK-3).
  const allergies = isPublic && !service.questionnaire?.collectAllergies ? null : f.allergies?.trim() || null;
  const row: ReservationRow = {
    id: f.reservationId,
    reservationNumber: f.reservationNumber,
    kind: 'SERVICE',
    status: 'ACTIVE',
    source: f.source,
    customerId: f.customerId,
    customer: bookedCustomer(f.customerId, f.customer),
    inventoryItemId: null,
    inventoryItem: null,
    serviceId: service.id,
    service: {
      id: service.id,
      name: service.name,
      rate: price.rate,
      rateType: price.rateType,
      tier: price.tier ?? null,
    },
    slot: { date: slot.date, startTime: slot.startTime, endTime: slot.endTime },
    slotPlaces: f.places,
    participantCount: participants,
    timeZone: zone,
    startTime: new Date(slotStart(slot, zone)).toISOString(),
    endTime: new Date(slotEnd(slot, zone)).toISOString(),
    reservationDuration: hours,
    actualReturnTime: null,
    depositAmountCents: f.deposit?.cents ?? 0,
    depositTypeCash: f.deposit?.cash ?? false,
    depositTypeCredit: f.deposit?.credit ?? false,
    paymentId: f.deposit?.paymentId ?? null,
    notes: bookingNotes({ participants, addonNames: addons.map((a) => a.name), notes: f.notes, allergies }),
    customerNotes: f.notes?.trim() || null,
    ...(tickets.length
      ? {
          tickets: tickets.map((t) => ({
            typeId: t.typeId,
            name: t.name,
            rate: t.rate,
            count: t.count,
            amountCents: t.amountCents,
          })),
        }
      : {}),
    selectedAddons: addons.map((a, i) => ({
      id: a.id,
      name: a.name,
      rate: a.rate,
      rateType: a.rateType ?? 'FIXED',
      quantity: addonQuantity(a.rateType, participants),
      amountCents: q.addons[i]!.cents,
    })),
    ...bookedMoney(q.totalCents, charges),
    hourlyRateAtBookingCents: price.rateType === 'HOURLY' ? toCents(price.rate) : null,
    rateAtBooking: price.rate,
    rateTypeAtBooking: price.rateType,
    createdByEmployee: f.actor,
    processedByEmployee: null,
    reprocessedByEmployee: null,
    reprocessedAt: null,
    allergies: Boolean(allergies),
    allergiesText: allergies,
    isPaid: false,
    paidAmountCents: null,
    paidSource: null,
    paymentStatus: isPublic ? 'PENDING_PAYMENT' : null,
    ...(isPublic ? { statusLabel: 'Pending Payment', isPublicBooking: true, dueBy } : {}),
    createdAt,
    updatedAt: createdAt,
    deletedAt: null,
    deletedBy: null,
  };
  return { row, dueBy, addonCents: q.addons.map((a) => ({ name: a.name, cents: a.cents })) };
}
