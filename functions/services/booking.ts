import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicBookingInput } from '../../shared/contract/routes/services.js';
import { bookingNotes, effectiveRate, formatUsd, quote, type Addon } from '../../shared/domain/pricing.js';
import { UNPAID_HOLD_HOURS } from '../../shared/domain/share.js';
import { configuredMethods, paymentLinks, paymentNoteFor, type PaymentMethods } from '../../shared/domain/share-payment.js';
import { HARD_MAX_PARTICIPANTS, DEFAULT_PUBLIC_MAX_PARTICIPANTS, placesTaken, sameSlot, slotEnd, slotHours, slotLabel, slotStart } from '../../shared/domain/slots.js';
import { db, tableName } from '../lib/db.js';
import { badRequest, conflict } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { liveEventPut } from '../lib/live-events.js';
import { customerSearchPuts } from '../customers/search-index.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { E, UNPAID_INDEX_PK, type ServiceRow } from './model.js';
import { resolveShare } from './public.js';
import { getServiceRow, nextReservationNumber } from './store.js';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const phoneKey = (phone: string) => phone.replace(/\D/g, '') || phone.trim().toLowerCase();
const emailKey = (email: string) => email.trim().toLowerCase();

interface CustomerMatch {
  id: string;
  existing: boolean;
  missingPointers: ('phone' | 'email')[];
}

/** Document 2: the customer is found in the tenant by phone or e-mail, else created. */
async function findCustomer(tenant: TenantId, phone: string, email: string): Promise<CustomerMatch> {
  const get = (entity: string, id: string) => db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, entity, id), ConsistentRead: true }));
  const [byPhone, byEmail] = await Promise.all([get(E.customerPhone, phoneKey(phone)), get(E.customerEmail, emailKey(email))]);
  const id = (byPhone.Item?.customerId ?? byEmail.Item?.customerId) as string | undefined;
  if (!id) return { id: randomUUID(), existing: false, missingPointers: ['phone', 'email'] };
  const missing: ('phone' | 'email')[] = [];
  if (!byPhone.Item) missing.push('phone');
  if (!byEmail.Item) missing.push('email');
  return { id, existing: true, missingPointers: missing };
}

function pointerPut(tenant: TenantId, kind: 'phone' | 'email', value: string, customerId: string, now: string): TransactItem {
  const entity = kind === 'phone' ? E.customerPhone : E.customerEmail;
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.entity(tenant, entity, kind === 'phone' ? phoneKey(value) : emailKey(value)), customerId, createdAt: now },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The service's own add-ons for what the customer picked; rates sent by the browser are ignored. */
function chosenAddons(service: ServiceRow, picked: PublicBookingInput['selectedAddons']): Addon[] {
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
  payment: { totalDue: number; dueBy: string; paymentMethods: PaymentMethods; paymentNote: string; showPaymentOptions: boolean };
  success: true;
  message: string;
}

const MAX_ATTEMPTS = 12;

/**
 * A public booking: one transaction decrements the slot (conditioned on enough places and on the
 * slot still being the one chosen), writes the reservation, finds or creates the customer, puts
 * the unpaid marker the 24-hour sweep reads, the reservation log line and the live event. A rush
 * of customers therefore cannot overbook: the condition fails for everyone past the last place.
 */
export async function bookPublicService(token: string, body: PublicBookingInput, now = Date.now()): Promise<BookingResult> {
  const { tenant, service: first } = await resolveShare(token, now);
  const choice = body.selectedSlots[0]!;
  let service = first;
  let reservationNumber: string | undefined;
  let customer: CustomerMatch | undefined;
  const reservationId = randomUUID();

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const index = service.availability.findIndex((s) => sameSlot(s, choice));
    const slot = service.availability[index];
    if (!slot || slotStart(slot, service.timeZone) <= now) throw conflict('This time slot is no longer available');
    if (slot.slotsAvailable <= 0) throw conflict('This time slot is fully booked');

    const perPerson = service.rateType === 'PER_PERSON';
    const participants = perPerson ? body.participantCount : 1;
    const ownMax = service.rsvpSettings?.maxParticipants || DEFAULT_PUBLIC_MAX_PARTICIPANTS;
    if (perPerson && participants > Math.min(ownMax, HARD_MAX_PARTICIPANTS)) throw badRequest(`At most ${Math.min(ownMax, HARD_MAX_PARTICIPANTS)} participants per booking`);
    const places = placesTaken(service.rateType, participants);
    if (places > slot.slotsAvailable) throw conflict(`Only ${slot.slotsAvailable} place${slot.slotsAvailable === 1 ? '' : 's'} left in this time slot`);

    const addons = chosenAddons(service, body.selectedAddons);
    const price = effectiveRate(service, new Date(now));
    const hours = slotHours(slot, service.timeZone);
    const q = quote({ rate: price.rate, rateType: price.rateType, participants, hours, addons });

    // The number is taken once the booking looks possible, and kept across retries (gaps are fine, repeats are not).
    reservationNumber ??= await nextReservationNumber(tenant);
    customer = await findCustomer(tenant, body.customer.phone, body.customer.email);

    const createdAt = new Date(now).toISOString();
    const dueBy = new Date(now + UNPAID_HOLD_HOURS * 3600_000).toISOString();
    const startTime = new Date(slotStart(slot, service.timeZone)).toISOString();
    const endTime = new Date(slotEnd(slot, service.timeZone)).toISOString();
    const allergies = service.questionnaire?.collectAllergies ? body.allergies?.trim() || null : null;
    const c = body.customer;
    const customerView = { id: customer.id, firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email };
    const reservation = {
      id: reservationId,
      reservationNumber,
      kind: 'SERVICE',
      status: 'ACTIVE',
      paymentStatus: 'PENDING_PAYMENT',
      statusLabel: 'Pending Payment',
      source: 'PUBLIC_BOOKING',
      isPublicBooking: true,
      customerId: customer.id,
      customer: customerView,
      serviceId: service.id,
      service: { id: service.id, name: service.name, rate: price.rate, rateType: price.rateType },
      slot: { date: slot.date, startTime: slot.startTime, endTime: slot.endTime },
      timeZone: service.timeZone,
      startTime,
      endTime,
      reservationDuration: hours,
      participantCount: participants,
      slotPlaces: places,
      selectedAddons: addons.map((a, i) => ({ id: a.id, name: a.name, rate: a.rate, rateType: a.rateType ?? 'FIXED', amount: q.addons[i]!.amount })),
      notes: bookingNotes({ participants, addonNames: addons.map((a) => a.name), notes: body.notes, allergies }),
      customerNotes: body.notes?.trim() || null,
      allergies: Boolean(allergies),
      allergiesText: allergies,
      rateAtBooking: price.rate,
      rateTypeAtBooking: price.rateType,
      hourlyRateAtBooking: price.rateType === 'HOURLY' ? price.rate : null,
      subtotal: q.total,
      taxRate: 0,
      taxAmount: 0,
      totalAmount: q.total,
      depositAmount: 0,
      isPaid: false,
      paidAmount: null,
      paidSource: null,
      dueBy,
      createdByEmployee: null,
      createdAt,
      updatedAt: createdAt,
    };

    const T = tableName();
    const slotPath = `#av[${index}]`;
    const items: TransactItem[] = [
      {
        Update: {
          TableName: T,
          Key: keys.entity(tenant, E.service, service.id),
          UpdateExpression: `SET ${slotPath}.#left = ${slotPath}.#left - :places, #version = if_not_exists(#version, :zero) + :one`,
          ConditionExpression: `attribute_exists(pk) AND ${slotPath}.#left >= :places AND ${slotPath}.#date = :date AND ${slotPath}.#start = :start AND ${slotPath}.#end = :end AND shareToken = :token`,
          ExpressionAttributeNames: { '#av': 'availability', '#left': 'slotsAvailable', '#date': 'date', '#start': 'startTime', '#end': 'endTime', '#version': 'version' },
          ExpressionAttributeValues: { ':places': places, ':date': slot.date, ':start': slot.startTime, ':end': slot.endTime, ':token': token, ':zero': 0, ':one': 1 },
        },
      },
      {
        Put: {
          TableName: T,
          Item: {
            ...keys.entity(tenant, E.reservation, reservationId),
            gsi1pk: keys.tenantIndex(tenant, 'RES#ACTIVE'), gsi1sk: `${startTime}#${reservationId}`,
            gsi2pk: keys.tenantIndex(tenant, `CUSTRES#${customer.id}`), gsi2sk: `${startTime}#${reservationId}`,
            ...reservation,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: T,
          Item: {
            ...keys.entity(tenant, E.unpaid, reservationId),
            gsi1pk: UNPAID_INDEX_PK, gsi1sk: `${dueBy}#${tenant}#${reservationId}`,
            tenantId: tenant, reservationId, serviceId: service.id, slot: reservation.slot, places, dueBy,
          },
        },
      },
      {
        Put: {
          TableName: T,
          Item: {
            ...keys.entity(tenant, E.reservationLog, `${createdAt}#${randomUUID()}`),
            gsi2pk: keys.tenantIndex(tenant, `RESLOG#${reservationId}`), gsi2sk: createdAt,
            action: 'CREATED', reservationId, reservationNumber, actorName: 'Public booking', actorUserId: null,
            customerName: `${c.firstName} ${c.lastName}`, itemLabel: service.name, startTime, hours, createdAt,
          },
        },
      },
      {
        Update: {
          TableName: T, Key: keys.entity(tenant, E.stats, 'reservations'),
          UpdateExpression: 'ADD #total :one, #active :one', ExpressionAttributeNames: { '#total': 'total', '#active': 'active' }, ExpressionAttributeValues: { ':one': 1 },
        },
      },
      liveEventPut(tenant, 'reservation-created', { id: reservationId, reservationNumber, serviceId: service.id, serviceName: service.name, startTime, customerName: `${c.firstName} ${c.lastName}`, totalAmount: q.total, source: 'PUBLIC_BOOKING' }),
    ];
    if (customer.existing) {
      items.push({
        Update: {
          TableName: T, Key: keys.entity(tenant, E.customer, customer.id),
          UpdateExpression: 'ADD reservationCount :one SET updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1, ':now': createdAt },
        },
      });
    } else {
      items.push({
        Put: {
          TableName: T,
          Item: {
            ...keys.entity(tenant, E.customer, customer.id),
            gsi1pk: keys.tenantIndex(tenant, 'CUSTOMERS'), gsi1sk: `${createdAt}#${customer.id}`,
            gsi2pk: keys.tenantIndex(tenant, 'CUSTSEARCH'), gsi2sk: `${`${c.lastName} ${c.firstName}`.toLowerCase()}#${customer.id}`,
            id: customer.id, firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email, address: null,
            reservationCount: 1, source: 'PUBLIC_BOOKING', createdAt, updatedAt: createdAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
      items.push(...customerSearchPuts(tenant, { id: customer.id, firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email }));
      items.push({
        Update: {
          TableName: T, Key: keys.entity(tenant, E.stats, 'customers'),
          UpdateExpression: 'ADD #total :one', ExpressionAttributeNames: { '#total': 'total' }, ExpressionAttributeValues: { ':one': 1 },
        },
      });
    }
    for (const kind of customer.missingPointers) items.push(pointerPut(tenant, kind, kind === 'phone' ? c.phone : c.email, customer.id, createdAt));

    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (e) {
      const reasons = (e as { name?: string; CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if ((e as { name?: string }).name !== 'TransactionCanceledException' || !reasons) throw e;
      // Another booking or edit touched the same rows: read again and retry with what is there now.
      await sleep(10 + Math.random() * Math.min(400, 25 * 2 ** attempt));
      const fresh = await getServiceRow(tenant, service.id, true);
      if (!fresh || fresh.shareToken !== token) throw conflict('This booking link has just changed. Please reload the page.');
      service = fresh;
      continue;
    }

    const methods = service.showPaymentOptions ? configuredMethods(service.paymentSettings) : {};
    const paymentNote = paymentNoteFor(reservationNumber, service.name, service.paymentNote);
    const payment = { totalDue: q.total, dueBy, paymentMethods: methods, paymentNote, showPaymentOptions: Object.keys(methods).length > 0 };
    await sendConfirmation(c.email, { reservationNumber, serviceName: service.name, slot: slotLabel(slot), participants, total: q.total, dueBy, methods, paymentNote });
    return {
      success: true,
      message: 'Booking received. Payment is required to confirm it.',
      reservation: {
        id: reservationId, reservationNumber, status: 'ACTIVE', paymentStatus: 'PENDING_PAYMENT', statusLabel: 'Pending Payment',
        serviceName: service.name, slot: reservation.slot, startTime, endTime, participantCount: participants,
        selectedAddons: reservation.selectedAddons.map(({ name, amount }) => ({ name, amount })), totalAmount: q.total, dueBy,
        customer: { firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone },
      },
      payment,
    };
  }
  logger.warn('booking gave up after repeated conflicts', { serviceId: service.id });
  throw conflict('This time slot is being booked by others right now. Please try again.');
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The same instructions as the payment-required page, by e-mail (SES). A failure never undoes the booking. */
async function sendConfirmation(to: string, b: { reservationNumber: string; serviceName: string; slot: string; participants: number; total: number; dueBy: string; methods: PaymentMethods; paymentNote: string }) {
  const links = paymentLinks(b.methods, b.total, b.paymentNote, { mobile: false });
  const due = new Date(b.dueBy).toUTCString();
  const lines = [
    `Thank you for booking ${b.serviceName}.`,
    `Reservation number: ${b.reservationNumber}`,
    `Time: ${b.slot}`,
    `Participants: ${b.participants}`,
    `Total due: ${formatUsd(b.total)}`,
    `Pay by: ${due}`,
    `Your reservation is pending payment and will be cancelled automatically if payment is not received within ${UNPAID_HOLD_HOURS} hours.`,
    '',
    ...(links.length || b.methods.zelle
      ? ['How to pay:', ...links.map((l) => `${l.label} (${l.handle}): ${l.href}`), ...(b.methods.zelle ? [`Zelle: ${b.methods.zelle}`] : []), `Payment note: ${b.paymentNote}`]
      : ['Payment instructions will follow from the organizer.']),
  ];
  const html = `<p>${lines.filter((l) => l !== '').map((l) => {
    const link = links.find((x) => l.endsWith(x.href));
    return link ? `<a href="${esc(link.href)}">${esc(link.label)}</a> (${esc(link.handle)})` : esc(l);
  }).join('<br>')}</p>`;
  await trySendMail({ to, subject: `Booking received: ${b.serviceName} (${b.reservationNumber})`, text: lines.join('\n'), html });
}
