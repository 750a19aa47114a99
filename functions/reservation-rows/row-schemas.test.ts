import { describe, expect, it } from 'vitest';
import { RowShapeError } from '../lib/rows.js';
import {
  parseCounterRow,
  parseLogRow,
  parseOverduePointer,
  parsePaymentRow,
  parseReservationRow,
} from './row-schemas.js';
import { toPaymentView, toView } from './view.js';

/** An item reservation as create.ts stores it (keys and index attributes included). */
const stored = {
  pk: 'T#org1',
  sk: 'RESERVATION#r1',
  gsi1pk: 'T#org1#RES#ITEM#ACTIVE',
  gsi1sk: '2030-05-01T14:00:00.000Z#r1',
  gsi2pk: 'T#org1#CUSTRES#c1',
  gsi2sk: '2030-05-01T14:00:00.000Z#r1',
  id: 'r1',
  reservationNumber: 'RES-000001',
  kind: 'ITEM',
  status: 'ACTIVE',
  source: 'STAFF',
  customerId: 'c1',
  customer: { id: 'c1', firstName: 'Ada', lastName: 'Lovelace', phone: '5551234567', email: null, address: null },
  inventoryItemId: 'i1',
  inventoryItem: {
    id: 'i1',
    itemNumber: 'C-7',
    name: 'Cart Deluxe',
    productType: { id: 'p1', name: 'Cart' },
    productVariant: null,
    condition: 'GOOD',
    status: 'AVAILABLE',
    hourlyRate: 25,
    rates: [{ rate: 25, rateType: 'hourly' }],
  },
  serviceId: null,
  service: null,
  slot: null,
  participantCount: null,
  timeZone: 'America/New_York',
  startTime: '2030-05-01T14:00:00.000Z',
  endTime: '2030-05-01T16:00:00.000Z',
  reservationDuration: 2,
  actualReturnTime: null,
  depositAmountCents: 2000,
  depositTypeCash: true,
  depositTypeCredit: false,
  paymentId: null,
  notes: null,
  baseAmountCents: 5000,
  subtotalCents: 5000,
  taxRate: 8.25,
  taxAmountCents: 413,
  totalAmountCents: 5413,
  hourlyRateAtBookingCents: 2500,
  createdByEmployee: { id: 'u1', firstName: 'Sam', lastName: 'Staff' },
  createdAt: '2030-04-01T10:00:00.000Z',
  updatedAt: '2030-04-01T10:00:00.000Z',
  deletedAt: null,
  deletedBy: null,
};

describe('the reservation row', () => {
  it('drops keys and index attributes, and reads amounts from cents', () => {
    const row = parseReservationRow(stored);
    expect(row).not.toHaveProperty('pk');
    expect(row).not.toHaveProperty('gsi1sk');
    const view = toView(row, Date.parse('2030-05-01T15:00:00.000Z'));
    expect(view).toMatchObject({
      totalAmount: 54.13,
      taxAmount: 4.13,
      depositAmount: 20,
      hourlyRateAtBooking: 25,
      baseAmount: 50,
      overageAmount: 0,
      isOverdue: false,
      source: 'STAFF',
      createdByEmployee: { id: 'u1', firstName: 'Sam', lastName: 'Staff' },
    });
  });

  it('keeps the attributes the lifecycle and the sweeps set, such as a no-show and its week', () => {
    const row = parseReservationRow({ ...stored, status: 'CANCELLED', noShow: true, noShowWeek: '2030-04-29' });
    expect(row.noShow).toBe(true);
    expect(row.noShowWeek).toBe('2030-04-29');
    expect(toView(row).noShow).toBe(true);
  });

  it('refuses a row that does not match instead of reading zeros: a dollar amount where cents belong, no kind', () => {
    expect(() => parseReservationRow({ ...stored, totalAmountCents: '54.13' })).toThrow(RowShapeError);
    const { kind: _kind, ...noKind } = stored;
    expect(() => parseReservationRow(noKind)).toThrow(/kind/);
  });
});

describe('the rows written with a reservation', () => {
  it('reads a log line, its optional texts absent or null as null', () => {
    const line = parseLogRow({
      pk: 'T#org1',
      sk: 'RESLOG#2030-04-01T10:00:00.000Z#x',
      id: 'x',
      action: 'CREATED',
      reservationId: 'r1',
      reservationNumber: 'RES-000001',
      actorName: 'System',
      actorUserId: null,
      customerName: 'Ada Lovelace',
      itemLabel: 'C-7 Cart Deluxe',
      startTime: '2030-05-01T14:00:00.000Z',
      hours: 2,
      expectedReturnTime: '2030-05-01T16:00:00.000Z',
      createdAt: '2030-04-01T10:00:00.000Z',
    });
    expect(line).toMatchObject({ actorUserId: null, actualReturnTime: null, paymentId: null, note: null, hours: 2 });
    expect(() => parseLogRow({ id: 'x', action: 'SOLD', reservationId: 'r1' })).toThrow(RowShapeError);
  });

  it('reads a payment in cents and answers it in dollars', () => {
    const p = parsePaymentRow({
      id: 'p1',
      reservationId: 'r1',
      amountCents: -1250,
      paymentType: 'REFUND',
      method: 'Cash',
      paymentId: null,
      note: null,
      employee: { firstName: 'Sam', lastName: 'Staff' },
      paymentDate: '2030-05-01T16:30:00.000Z',
    });
    expect(toPaymentView(p)).toEqual({
      id: 'p1',
      amount: -12.5,
      paymentType: 'REFUND',
      paymentDate: '2030-05-01T16:30:00.000Z',
      method: 'Cash',
      paymentId: null,
      note: null,
      employee: { firstName: 'Sam', lastName: 'Staff' },
    });
  });

  it('reads a sweep pointer by its tenant and reservation', () => {
    expect(
      parseOverduePointer({
        gsi1pk: 'SWEEP#OVERDUE',
        tenantId: 'org1',
        reservationId: 'r1',
        endTime: '2030-05-01T16:00:00.000Z',
      }),
    ).toEqual({ tenantId: 'org1', reservationId: 'r1', endTime: '2030-05-01T16:00:00.000Z' });
    expect(() => parseOverduePointer({ reservationId: 'r1' })).toThrow(RowShapeError);
  });
});

describe('the counter rows', () => {
  it('reads every attribute but the keys as a counter, and refuses one that is not a number', () => {
    expect(
      parseCounterRow({ pk: 'T#o', sk: 'STATS#reservations', total: 3, 'ITEM#ACTIVE': 2, 'log#emp#u1': 4 }),
    ).toEqual({
      total: 3,
      'ITEM#ACTIVE': 2,
      'log#emp#u1': 4,
    });
    expect(() => parseCounterRow({ pk: 'T#o', sk: 'STATS#payments', totalCents: '12.50' })).toThrow(RowShapeError);
  });
});
