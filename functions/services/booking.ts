import { randomUUID } from 'node:crypto';
import type { PublicBookingInput } from '../../shared/contract/routes/services.js';
import type { ServiceReservationInput } from '../../shared/contract/reservation-models.js';
import { fromCents, toCents } from '../../shared/domain/money.js';
import {
  addonQuantity,
  bookingNotes,
  computeCharges,
  effectiveRate,
  formatUsd,
  quoteCents,
  type Addon,
} from '../../shared/domain/pricing.js';
import { UNPAID_HOLD_HOURS } from '../../shared/domain/share.js';
import {
  configuredMethods,
  paymentLinks,
  paymentNoteFor,
  type PaymentMethods,
} from '../../shared/domain/share-payment.js';
import {
  HARD_MAX_PARTICIPANTS,
  DEFAULT_PUBLIC_MAX_PARTICIPANTS,
  placesTaken,
  sameSlot,
  serviceZone,
  slotEnd,
  slotHours,
  slotLabel,
  slotStart,
  type SlotRef,
} from '../../shared/domain/slots.js';
import { isRealDate, isClockTime } from '../../shared/domain/time.js';
import { formatDateTimeIn, formatSlotIn } from '../../shared/domain/time-text.js';
import { auditedWrite, WriteFailed, type AuditedWrite } from '../lib/audited-write.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { getOrganization } from '../auth/store.js';
import { trySendMail } from '../lib/mail.js';
import { renderStoredEmail } from '../platform/template-store.js';
import { organizationTimeZone } from '../lib/organization.js';
import { addCustomerParts, matchCustomer, type CustomerInput } from '../customers/entity.js';
import { effectiveTaxRate } from '../settings/tax.js';
import { readReminderSettings } from '../settings/reminders.js';
import { offsetsFor } from '../../shared/domain/reminders.js';
import { addNewReservationParts, nextReservationNumber } from '../reservations/create.js';
import type { Person, ReservationRow } from '../reservations/entity.js';
import { E, UNPAID_INDEX_PK, type ServiceRow } from './model.js';
import { resolveShare } from './public.js';
import { addWaitlistCheckParts } from './waitlist-store.js';
import { getServiceRow } from './store.js';

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

export interface BookingResult {
  reservation: Record<string, unknown>;
  payment: {
    totalDue: number;
    dueBy: string;
    paymentMethods: PaymentMethods;
    paymentNote: string;
    showPaymentOptions: boolean;
  };
  success: true;
  message: string;
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

/**
 * The one booking function for a service slot, public or staff (R-BOOK-1, R-RES-2):
 * one audited transaction decrements the slot ('slot' part: conditional on enough places and on the
 * slot still being the one chosen), writes the reservation with its number, log line, counters and
 * events (reservations/create.ts), finds or creates the customer (customers/entity.ts), and, for a
 * public booking, the unpaid marker the 24-hour sweep reads. A rush cannot overbook: the condition
 * fails for everyone past the last place, and they re-read and answer 409.
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
  // R-MONEY-3: tax = the reservation's rate, else the organization's, else 0; services too (docs/decisions/right-about-money.md).
  const [orgZone, taxRate, reminderSettings] = await Promise.all([
    organizationTimeZone(tenant),
    effectiveTaxRate(tenant),
    readReminderSettings(tenant),
  ]);
  let reservationNumber: string | undefined;
  const reservationId = randomUUID();

  // Each attempt reads the service again: another booking or edit may have touched the slot.
  return optimistic(
    async () => {
      const service = await getServiceRow(tenant, req.serviceId, true);
      if (!service) throw notFound('Service not found');
      if (req.shareToken && service.shareToken !== req.shareToken)
        throw conflict('This booking link has just changed. Please reload the page.');
      const zone = serviceZone(service, orgZone);
      const index = service.availability.findIndex((s) => sameSlot(s, req.slot));
      const slot = service.availability[index];
      const open = slot && (req.source === 'PUBLIC_BOOKING' ? slotStart(slot, zone) > now : slotEnd(slot, zone) > now);
      if (!slot || !open) throw conflict('This time slot is no longer available');
      if (!req.held && slot.slotsAvailable <= 0) throw conflict('This time slot is fully booked');

      const perPerson = service.rateType === 'PER_PERSON';
      const participants = perPerson ? Math.max(1, Math.floor(req.participants || 1)) : 1;
      const ownMax = service.rsvpSettings?.maxParticipants || DEFAULT_PUBLIC_MAX_PARTICIPANTS;
      if (perPerson && participants > Math.min(ownMax, HARD_MAX_PARTICIPANTS))
        throw badRequest(`At most ${Math.min(ownMax, HARD_MAX_PARTICIPANTS)} participants per booking`);
      const places = req.held?.places ?? placesTaken(service.rateType, participants);
      if (!req.held && places > slot.slotsAvailable)
        throw conflict(
          `Only ${slot.slotsAvailable} place${slot.slotsAvailable === 1 ? '' : 's'} left in this time slot`,
        );

      const addons = chosenAddons(service, req.addons);
      // Tiers by the booking's creation date, in the service's zone (R-SVC-3).
      const price = effectiveRate(service, new Date(now), zone);
      const hours = slotHours(slot, zone);
      const q = quoteCents({ rate: price.rate, rateType: price.rateType, participants, hours, addons });
      const charges = computeCharges({ baseCents: q.totalCents, hasService: true, hourlyRateCents: 0, taxRate });

      reservationNumber ??= await nextReservationNumber(tenant);
      const match = await matchCustomer(tenant, req.customer);
      const createdAt = new Date(now).toISOString();
      const isPublic = req.source === 'PUBLIC_BOOKING';
      const dueBy = isPublic ? new Date(now + UNPAID_HOLD_HOURS * 3600_000).toISOString() : null;
      const startTime = new Date(slotStart(slot, zone)).toISOString();
      const endTime = new Date(slotEnd(slot, zone)).toISOString();
      const allergies = isPublic
        ? service.questionnaire?.collectAllergies
          ? req.allergies?.trim() || null
          : null
        : req.allergies?.trim() || null;
      const c = req.customer;
      const row: ReservationRow = {
        id: reservationId,
        reservationNumber,
        kind: 'SERVICE',
        status: 'ACTIVE',
        source: req.source,
        customerId: match.id,
        customer: {
          id: match.id,
          firstName: c.firstName.trim(),
          lastName: c.lastName.trim(),
          phone: c.phone.trim(),
          email: c.email?.trim() || null,
          address: c.address?.trim() || null,
        },
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
        slotPlaces: places,
        participantCount: participants,
        timeZone: zone,
        startTime,
        endTime,
        reservationDuration: hours,
        actualReturnTime: null,
        depositAmountCents: req.deposit?.cents ?? 0,
        depositTypeCash: req.deposit?.cash ?? false,
        depositTypeCredit: req.deposit?.credit ?? false,
        paymentId: req.deposit?.paymentId ?? null,
        notes: bookingNotes({ participants, addonNames: addons.map((a) => a.name), notes: req.notes, allergies }),
        customerNotes: req.notes?.trim() || null,
        selectedAddons: addons.map((a, i) => ({
          id: a.id,
          name: a.name,
          rate: a.rate,
          rateType: a.rateType ?? 'FIXED',
          quantity: addonQuantity(a.rateType, participants),
          amountCents: q.addons[i]!.cents,
        })),
        baseAmountCents: q.totalCents,
        subtotalCents: charges.subtotalCents,
        taxRate: charges.taxRate,
        taxAmountCents: charges.taxCents,
        totalAmountCents: charges.totalCents,
        bookedSubtotalCents: charges.subtotalCents,
        bookedTaxAmountCents: charges.taxCents,
        bookedTotalAmountCents: charges.totalCents,
        overageAmountCents: 0,
        overageHours: 0,
        refundAmountCents: 0,
        refundHours: 0,
        hourlyRateAtBookingCents: price.rateType === 'HOURLY' ? toCents(price.rate) : null,
        rateAtBooking: price.rate,
        rateTypeAtBooking: price.rateType,
        createdByEmployee: req.actor,
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

      const w = auditedWrite(tenant);
      const p = `#av[${index}]`;
      if (req.held) req.held.parts(w, row);
      else
        w.update('slot', keys.entity(tenant, E.service, service.id), {
          update: `SET ${p}.#left = ${p}.#left - :places, #version = #version + :one`,
          condition: `attribute_exists(pk) AND ${p}.#left >= :places AND ${p}.#date = :date AND ${p}.#start = :start AND ${p}.#end = :end${req.shareToken ? ' AND shareToken = :token' : ''}`,
          names: {
            '#av': 'availability',
            '#left': 'slotsAvailable',
            '#date': 'date',
            '#start': 'startTime',
            '#end': 'endTime',
            '#version': 'version',
          },
          values: {
            ':places': places,
            ':date': slot.date,
            ':start': slot.startTime,
            ':end': slot.endTime,
            ':one': 1,
            ...(req.shareToken ? { ':token': req.shareToken } : {}),
          },
        });
      if (isPublic) {
        w.put('unpaid-marker', {
          ...keys.entity(tenant, E.unpaid, reservationId),
          gsi1pk: UNPAID_INDEX_PK,
          gsi1sk: `${dueBy}#${tenant}#${reservationId}`,
          tenantId: tenant,
          reservationId,
          serviceId: service.id,
          slot: row.slot,
          places,
          dueBy,
        });
      }
      addCustomerParts(w, tenant, match, c, createdAt, req.source);
      // Reminders: the service's own offsets, else the tenant's for service bookings (R-SET-7).
      const reminders = offsetsFor(reminderSettings, 'SERVICE', service.reminderSettings);
      addNewReservationParts(w, tenant, row, { actor: req.actor, now, reminders });
      try {
        await w.commit();
        return {
          row,
          service,
          slotLabel: slotLabel(slot),
          dueBy,
          addons: q.addons.map((a) => ({ name: a.name, amount: fromCents(a.cents) })),
        };
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

/** A public booking through the share link (R-BOOK-1). */
export async function bookPublicService(
  token: string,
  body: PublicBookingInput,
  now = Date.now(),
  held?: HeldPlaces,
): Promise<BookingResult> {
  const { tenant, service } = await resolveShare(token, now);
  const choice = body.selectedSlots[0]!;
  const c = body.customer;
  const {
    row,
    service: booked,
    dueBy,
    addons,
  } = await bookServiceSlot(
    {
      tenant,
      serviceId: service.id,
      slot: choice,
      participants: body.participantCount,
      addons: body.selectedAddons,
      customer: { firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email },
      notes: body.notes,
      allergies: body.allergies,
      shareToken: token,
      source: 'PUBLIC_BOOKING',
      actor: null,
      held,
    },
    now,
  );
  const total = fromCents(row.totalAmountCents ?? 0);
  const methods = booked.showPaymentOptions ? configuredMethods(booked.paymentSettings) : {};
  const paymentNote = paymentNoteFor(row.reservationNumber, booked.name, booked.paymentNote);
  const payment = {
    totalDue: total,
    subtotal: fromCents(row.subtotalCents ?? 0),
    taxRate: row.taxRate ?? 0,
    taxAmount: fromCents(row.taxAmountCents ?? 0),
    dueBy: dueBy!,
    paymentMethods: methods,
    paymentNote,
    showPaymentOptions: Object.keys(methods).length > 0,
  };
  // The customer reads the slot and the deadline in the slot's zone, named: their own clock may be another (docs/decisions/one-time-zone.md).
  const zone = row.timeZone!;
  await sendConfirmation(tenant, c.email, {
    reservationNumber: row.reservationNumber,
    serviceName: booked.name,
    slot: formatSlotIn(row.slot!, zone),
    participants: row.participantCount ?? 1,
    total,
    tax: payment.taxAmount,
    taxRate: payment.taxRate,
    dueBy: formatDateTimeIn(dueBy!, zone, { zoneName: true }),
    methods,
    paymentNote,
  });
  return {
    success: true,
    message: 'Booking received. Payment is required to confirm it.',
    reservation: {
      id: row.id,
      reservationNumber: row.reservationNumber,
      status: 'ACTIVE',
      paymentStatus: 'PENDING_PAYMENT',
      statusLabel: 'Pending Payment',
      serviceName: booked.name,
      slot: row.slot,
      startTime: row.startTime,
      endTime: row.endTime,
      participantCount: row.participantCount,
      selectedAddons: addons,
      totalAmount: total,
      dueBy,
      customer: { firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone },
    },
    payment,
  };
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

/**
 * The places of a cancelled service reservation back to its slot ('slot-release' part), never above
 * the capacity staff set and only to the very slot booked; with the unpaid marker removed. The
 * caller's transition is conditional on the reservation being ACTIVE, so places come back once.
 */
export async function addSlotReleaseParts(w: AuditedWrite, tenant: TenantId, r: ReservationRow): Promise<void> {
  w.delete('unpaid-marker', keys.entity(tenant, E.unpaid, r.id));
  if (!r.serviceId || !r.slot) return;
  const service = await getServiceRow(tenant, r.serviceId, true);
  const index = service?.availability.findIndex((s) => sameSlot(s, r.slot!)) ?? -1;
  if (!service || index < 0) return;
  const slot = service.availability[index]!;
  const places = Number(r.slotPlaces) || placesTaken(r.service?.rateType ?? '', Number(r.participantCount) || 1);
  const capacity = slot.originalSlotsAvailable ?? Number.POSITIVE_INFINITY;
  const restored = Math.min(slot.slotsAvailable + places, capacity);
  if (restored === slot.slotsAvailable) return;
  const p = `#av[${index}]`;
  w.update('slot-release', keys.entity(tenant, E.service, r.serviceId), {
    update: `SET ${p}.#left = :restored, #version = #version + :one`,
    condition: `${p}.#left = :seen AND ${p}.#date = :date AND ${p}.#start = :start AND ${p}.#end = :end`,
    names: {
      '#av': 'availability',
      '#left': 'slotsAvailable',
      '#date': 'date',
      '#start': 'startTime',
      '#end': 'endTime',
      '#version': 'version',
    },
    values: {
      ':restored': restored,
      ':seen': slot.slotsAvailable,
      ':date': slot.date,
      ':start': slot.startTime,
      ':end': slot.endTime,
      ':one': 1,
    },
  });
  // Freed places go to the slot's waitlist first (R-SVC-9): its check marker lands with this transaction.
  addWaitlistCheckParts(w, tenant, r.serviceId, slot);
}

/** The same instructions as the payment-required page, by e-mail (SES, template 'booking-confirmation'). A failure never undoes the booking. */
async function sendConfirmation(
  tenant: TenantId,
  to: string,
  b: {
    reservationNumber: string;
    serviceName: string;
    slot: string;
    participants: number;
    total: number;
    tax: number;
    taxRate: number /** As the customer reads it. */;
    dueBy: string;
    methods: PaymentMethods;
    paymentNote: string;
  },
) {
  const paymentLinksList = paymentLinks(b.methods, b.total, b.paymentNote, { mobile: false });
  const org = await getOrganization(tenant);
  const mail = await renderStoredEmail('booking-confirmation', {
    businessName: org?.name ?? '',
    serviceName: b.serviceName,
    reservationNumber: b.reservationNumber,
    slot: b.slot,
    participants: b.participants,
    // The tax is named where the total is (docs/decisions/right-about-money.md), so a stored template needs no new variable.
    total: b.tax > 0 ? `${formatUsd(b.total)} (includes ${formatUsd(b.tax)} tax at ${b.taxRate}%)` : formatUsd(b.total),
    payBy: b.dueBy,
    holdHours: UNPAID_HOLD_HOURS,
    hasPaymentMethods: paymentLinksList.length > 0 || Boolean(b.methods.zelle),
    paymentLinks: paymentLinksList,
    zelle: b.methods.zelle ?? '',
    paymentNote: b.paymentNote,
  });
  await trySendMail({ to, ...mail, tenant });
}
