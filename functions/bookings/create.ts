/**
 * New reservations. Item reservations are made here; service reservations (staff and public) go
 * through functions/services/booking.ts, which composes its slot decrement with `addNewReservationParts`
 * below, so every new reservation writes the same rows, counters, log line and events. An area of its
 * own (functions/bookings/, with ./items.ts), ranked below services and reservations, which both compose
 * it (docs/decisions/0260-areas-depend-one-way.md).
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemReservationInput } from '../../shared/contract/reservation-request-models.js';
import { fromCents, toCents } from '../../shared/domain/money.js';
import { type Charges, computeCharges, rentalPrice } from '../../shared/domain/charges.js';
import { startTimeError } from '../../shared/domain/reservations.js';
import { auditedWrite, WriteFailed, type AuditedWrite } from '../lib/audited-write.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { reportAggregateParts } from '../reservation-rows/aggregates.js';
import { db, tableName } from '../lib/db.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { organizationTimeZone } from '../lib/organization.js';
import type { AuthClaims } from '../lib/tokens.js';
import { addCustomerParts, type CustomerInput, matchCustomer } from '../customers/entity.js';
import { effectiveTaxRate } from '../settings/tax.js';
import {
  actorOf,
  depositMethod,
  indexAttributes,
  logRow,
  numberKey,
  overduePointer,
  paymentRow,
  paymentStatsKey,
  reservationKey,
  startPointer,
  statsKey,
  statusDelta,
  type Person,
  type ReservationRow,
} from '../reservation-rows/entity.js';
import { claimItem, itemInUseParts, itemRentableCheck, readItemBook } from '../inventory/item-book.js';
import { serviceBookingRow } from '../reservation-rows/service-bookings.js';
import { drawFrom } from '../lib/group-commit.js';
import { addReminderParts, reminderOffsetsFor } from '../reservation-rows/reminders.js';
import { itemRates, itemView, overlapping, readItem, RENTABLE } from './items.js';

/**
 * One sequence per tenant: RES-000001, RES-000002, ... (repeats never). Callers take a number only
 * once every check they can make by reading has passed, so a refused booking takes none (docs/decisions/0012-right-about-money.md);
 * only a booking that loses a race inside its transaction leaves a gap.
 */
export async function nextReservationNumber(tenant: TenantId): Promise<string> {
  // Draws asked while one is under way share the next write (lib/group-commit.ts).
  const seq = await drawFrom(`${tenant}#RESERVATION`, async (n) => {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(tenant, 'COUNTER', 'RESERVATION'),
        UpdateExpression: 'ADD seq :n',
        ExpressionAttributeValues: { ':n': n },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(res.Attributes?.seq ?? 0);
  });
  return `RES-${String(seq).padStart(6, '0')}`;
}

/** The customer as a new reservation keeps them, trimmed (customers/entity.ts matches the person). */
export function bookedCustomer(id: string, c: CustomerInput): ReservationRow['customer'] {
  return {
    id,
    firstName: c.firstName.trim(),
    lastName: c.lastName.trim(),
    phone: c.phone.trim(),
    email: c.email?.trim() || null,
    address: c.address?.trim() || null,
  };
}

/** A new reservation's money (R-MONEY-3): the charges at booking, kept again as booked; nothing returned or refunded yet. */
export function bookedMoney(baseCents: number, charges: Charges) {
  return {
    baseAmountCents: baseCents,
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
  };
}

/**
 * The parts every new reservation writes besides what it books: the reservation (conditional),
 * its number pointer, counters (total, active, per kind and status, log), the CREATED log line,
 * the deposit payment, the overdue pointer (items) and the live events.
 */
export function addNewReservationParts(
  w: AuditedWrite,
  tenant: TenantId,
  row: ReservationRow,
  opts: { actor: Person | null; now: number; reminders?: readonly number[] },
): void {
  w.put(
    'reservation',
    { ...reservationKey(tenant, row.id), ...indexAttributes(tenant, row), ...row },
    { condition: 'attribute_not_exists(pk)' },
  );
  w.put(
    'number',
    { ...numberKey(tenant, row.reservationNumber), reservationId: row.id },
    { condition: 'attribute_not_exists(pk)' },
  );
  const log = logRow(tenant, { action: 'CREATED', reservation: row, actor: opts.actor, at: row.createdAt });
  w.log(log.item);
  reportAggregateParts(w, tenant, null, row);
  // Per-creator counts (timesheets' employee metrics: functions/timesheets/bookings.ts)
  const by = opts.actor?.id ? { [`emp#${opts.actor.id}#ACTIVE`]: 1 } : {};
  w.count(statsKey(tenant, row.id), { total: 1, ...statusDelta(row.kind, 'ACTIVE', 1), ...log.counters, ...by });
  const deposit = row.depositAmountCents ?? 0;
  if (deposit > 0) {
    w.put(
      'deposit',
      paymentRow(tenant, {
        reservationId: row.id,
        amountCents: deposit,
        type: 'DEPOSIT',
        method: depositMethod(row.depositTypeCash, row.depositTypeCredit),
        paymentId: row.paymentId,
        employee: opts.actor,
        at: row.createdAt,
      }),
    );
    w.count(paymentStatsKey(tenant, row.id), { totalCents: deposit, count: 1 });
    w.event('payment-processed', {
      reservationId: row.id,
      reservationNumber: row.reservationNumber,
      amount: fromCents(deposit),
      paymentType: 'DEPOSIT',
    });
  }
  if (row.kind === 'ITEM') w.put('overdue-pointer', overduePointer(tenant, row));
  // The customer's reminders, in this very transaction (R-SET-7): a booking never lands without them.
  if (opts.reminders?.length) addReminderParts(w, tenant, row, opts.reminders, opts.now);
  if (row.kind === 'SERVICE' && row.serviceId) w.put('service-booking', serviceBookingRow(tenant, row));
  const customerName = `${row.customer.firstName} ${row.customer.lastName}`.trim();
  w.event('reservation-created', {
    id: row.id,
    reservationNumber: row.reservationNumber,
    kind: row.kind,
    status: row.status,
    startTime: row.startTime,
    endTime: row.endTime,
    customerName,
    itemName: row.inventoryItem?.name ?? null,
    serviceName: row.service?.name ?? null,
    totalAmount: fromCents(row.totalAmountCents ?? 0),
    source: row.source,
  });
  w.event('stats-updated', { reservations: true });
}

export async function createItemReservation(
  tenant: TenantId,
  auth: AuthClaims,
  body: ItemReservationInput,
  now = Date.now(),
): Promise<ReservationRow> {
  const zone = await organizationTimeZone(tenant);
  const input = body.reservation;
  const start = Date.parse(input.startTime);
  const hours = input.reservationDuration;
  const end = start + hours * 36e5;
  const startError = startTimeError(start, zone, now);
  if (startError) throw badRequest(startError);

  const info = await readItem(tenant, input.inventoryItemId);
  if (!info) throw notFound('Inventory item not found');
  if (!RENTABLE.has(info.item.status))
    throw conflict(`This item is not available for rent (status ${info.item.status})`);

  const [actor, taxRate, reminders] = await Promise.all([
    actorOf(tenant, auth),
    effectiveTaxRate(tenant),
    reminderOffsetsFor(tenant, 'ITEM'),
  ]);
  let reservationNumber: string | undefined;
  // R-RES-15: the cheapest of hours, days and weeks (or per day when chosen); the rates are kept as quoted.
  const rates = itemRates(info);
  const price = rentalPrice(hours, rates, input.pricing === 'daily');
  const baseCents = price.cents;
  const charges = computeCharges({ baseCents, hasService: false, hourlyRateCents: rates.hourlyCents, taxRate });
  const id = randomUUID();
  const c = body.customer;

  return optimistic(
    async (attempt) => {
      const [book, match, fresh] = await Promise.all([
        readItemBook(tenant, info.item.id),
        matchCustomer(tenant, c),
        attempt ? readItem(tenant, info.item.id) : Promise.resolve(info),
      ]);
      if (!fresh) throw notFound('Inventory item not found');
      if (!RENTABLE.has(fresh.item.status))
        throw conflict(`This item is not available for rent (status ${fresh.item.status})`);
      const clash = overlapping(book, start, end, now);
      if (clash) throw conflict(`This item is already reserved at that time (reservation ${clash.n}).`);
      reservationNumber ??= await nextReservationNumber(tenant);

      const at = new Date(now).toISOString();
      const row: ReservationRow = {
        id,
        reservationNumber,
        kind: 'ITEM',
        status: 'ACTIVE',
        source: 'STAFF',
        customerId: match.id,
        customer: bookedCustomer(match.id, c),
        inventoryItemId: fresh.item.id,
        inventoryItem: itemView(fresh),
        serviceId: null,
        service: null,
        slot: null,
        participantCount: null,
        timeZone: zone,
        startTime: new Date(start).toISOString(),
        endTime: new Date(end).toISOString(),
        reservationDuration: hours,
        actualReturnTime: null,
        depositAmountCents: toCents(input.depositAmount),
        depositTypeCash: input.depositType?.cash === true,
        depositTypeCredit: input.depositType?.credit === true,
        paymentId: input.paymentId?.trim() || null,
        notes: input.notes?.trim() || null,
        ...bookedMoney(baseCents, charges),
        hourlyRateAtBookingCents: rates.hourlyCents,
        dailyRateAtBookingCents: rates.dailyCents || null,
        weeklyRateAtBookingCents: rates.weeklyCents || null,
        priceBasis: price.basis,
        createdByEmployee: actor,
        processedByEmployee: null,
        reprocessedByEmployee: null,
        reprocessedAt: null,
        allergies: false,
        allergiesText: null,
        isPaid: false,
        paidAmountCents: null,
        paidSource: null,
        paymentStatus: null,
        createdAt: at,
        updatedAt: at,
        deletedAt: null,
        deletedBy: null,
      };
      const w = auditedWrite(tenant);
      claimItem(w, tenant, fresh.item.id, book, id, { s: start, e: end, n: reservationNumber });
      if (start <= now) itemInUseParts(w, tenant, fresh.item, id, at);
      else {
        itemRentableCheck(w, tenant, fresh.item);
        w.put('start-pointer', startPointer(tenant, row));
      }
      addCustomerParts(w, tenant, match, c, at, 'STAFF');
      addNewReservationParts(w, tenant, row, { actor, now, reminders });
      try {
        await w.commit();
        return row;
      } catch (e) {
        // Another booking of the item, a status change, or the same customer created meanwhile: read again.
        return retryWhen(
          e,
          e instanceof WriteFailed && !e.failed.includes('reservation') && !e.failed.includes('number'),
        );
      }
    },
    () => {
      logger.warn('item reservation gave up after repeated conflicts', { itemId: info.item.id });
      throw conflict('This item is being booked by someone else right now. Please try again.');
    },
  );
}
