/**
 * A stored reservation (and its payments) as the API answers it (R-RES-2, the contract's
 * `reservationView`): dollars from cents at the edge, the kind's fields, the price breakdown's lines.
 * The rows come parsed (./row-schemas.ts), so nothing here guesses at a missing or garbled attribute.
 */
import type { PaymentView, ReservationView } from '../../shared/contract/reservation-models.js';
import { fromCents } from '../../shared/domain/money.js';
import { addonQuantity } from '../../shared/domain/pricing.js';
import { isOverdue } from '../../shared/domain/reservations.js';
import type { PaymentRow, Person, ReservationRow } from './row-schemas.js';

const person = (p: Person | null | undefined): ReservationView['createdByEmployee'] =>
  p ? { id: p.id || null, firstName: p.firstName, lastName: p.lastName } : null;
const cents = (v: number | null | undefined) => fromCents(v ?? 0);

/**
 * Each add-on of a service booking as its own line of the price breakdown
 * (docs/decisions/0012-right-about-money.md).
 */
function addonLines(r: ReservationRow): ReservationView['addons'] {
  const people = r.participantCount || 1;
  return (r.selectedAddons ?? []).map((a) => ({
    name: a.name,
    rate: a.rate,
    rateType: a.rateType ?? 'FIXED',
    quantity: a.quantity ?? addonQuantity(a.rateType, people),
    amount: fromCents(a.amountCents),
  }));
}

export function toView(r: ReservationRow, now = Date.now()): ReservationView {
  const kind = r.kind;
  const service = kind === 'SERVICE';
  const c = r.customer;
  return {
    id: r.id,
    reservationNumber: r.reservationNumber,
    status: r.status,
    kind,
    isOverdue: isOverdue(r, now),
    noShow: r.noShow === true,
    source: r.source,
    customerId: r.customerId,
    customer: {
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      phone: c.phone,
      email: c.email || null,
      address: c.address || null,
    },
    inventoryItemId: r.inventoryItemId ?? null,
    inventoryItem: r.inventoryItem ?? null,
    serviceId: r.serviceId ?? null,
    service: r.service ? { ...r.service, tier: r.service.tier ?? null } : null,
    slot: r.slot ?? null,
    // The booking's data; the notes' 'Participants:' and 'Selected Add-ons:' lines are for people only.
    participantCount: service ? (r.participantCount ?? 1) : null,
    addonNames: service ? (r.selectedAddons ?? []).map((a) => a.name) : [],
    addons: service ? addonLines(r) : [],
    ...(r.tickets?.length
      ? {
          tickets: r.tickets.map((t) => ({
            name: t.name,
            rate: t.rate,
            count: t.count,
            amount: fromCents(t.amountCents),
          })),
        }
      : {}),
    startTime: r.startTime,
    endTime: r.endTime,
    reservationDuration: r.reservationDuration,
    actualReturnTime: r.actualReturnTime ?? null,
    depositAmount: cents(r.depositAmountCents),
    depositTypeCash: r.depositTypeCash === true,
    depositTypeCredit: r.depositTypeCredit === true,
    paymentId: r.paymentId ?? null,
    notes: r.notes ?? null,
    baseAmount: cents(r.baseAmountCents ?? r.subtotalCents),
    subtotal: cents(r.subtotalCents),
    taxRate: r.taxRate ?? 0,
    taxAmount: cents(r.taxAmountCents),
    totalAmount: cents(r.totalAmountCents),
    overageAmount: cents(r.overageAmountCents),
    overageHours: r.overageHours ?? 0,
    refundAmount: cents(r.refundAmountCents),
    refundHours: r.refundHours ?? 0,
    hourlyRateAtBooking: r.hourlyRateAtBookingCents == null ? null : fromCents(r.hourlyRateAtBookingCents),
    dailyRateAtBooking: r.dailyRateAtBookingCents ? fromCents(r.dailyRateAtBookingCents) : null,
    weeklyRateAtBooking: r.weeklyRateAtBookingCents ? fromCents(r.weeklyRateAtBookingCents) : null,
    ...(r.priceBasis ? { priceBasis: r.priceBasis } : {}),
    createdByEmployee: person(r.createdByEmployee),
    processedByEmployee: person(r.processedByEmployee),
    reprocessedByEmployee: person(r.reprocessedByEmployee),
    reprocessedAt: r.reprocessedAt ?? null,
    allergies: r.allergies === true,
    allergiesText: r.allergiesText ?? null,
    isPaid: r.isPaid === true,
    paidAmount: r.paidAmountCents == null ? null : fromCents(r.paidAmountCents),
    paidSource: r.paidSource ?? null,
    paymentStatus: r.paymentStatus ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    deletedAt: r.deletedAt ?? null,
    deletedBy: r.deletedBy ?? null,
  };
}

/** The `{success, message, data}` answer of a reservation write. */
export const reservationAnswer = (row: ReservationRow, message: string) => ({
  success: true as const,
  message,
  data: toView(row),
});

export function toPaymentView(p: PaymentRow): PaymentView {
  return {
    id: p.id,
    amount: fromCents(p.amountCents),
    paymentType: p.paymentType,
    paymentDate: p.paymentDate,
    method: p.method || null,
    paymentId: p.paymentId || null,
    note: p.note || null,
    employee: p.employee,
  };
}
