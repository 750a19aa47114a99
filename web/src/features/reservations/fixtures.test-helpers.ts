/** Wire objects for this feature's component tests (the contract's shapes, filled in). */
import type { SessionUser } from '../../app/session.js';
import type { Reservation, ReservationDetail } from './types.js';

export const user = (role: SessionUser['role'], accessLevel?: 'EMPLOYEE' | 'MANAGER'): SessionUser =>
  ({
    id: 'u1',
    role,
    accessLevel,
    firstName: 'Ada',
    lastName: 'Lovelace',
    organizationId: 'o1',
    organization: { name: 'Acme Rentals', subdomain: 'acme' },
  }) as SessionUser;

export function signIn(u: SessionUser) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(u));
}

export function reservation(over: Partial<Reservation> = {}): Reservation {
  return {
    id: 'r1',
    reservationNumber: 'RES-000001',
    status: 'ACTIVE',
    kind: 'ITEM',
    isOverdue: false,
    source: 'STAFF',
    customerId: 'c1',
    customer: { id: 'c1', firstName: 'Jane', lastName: 'Doe', phone: '(555) 123-4567', email: null, address: null },
    inventoryItemId: 'i1',
    inventoryItem: {
      id: 'i1',
      itemNumber: 'GC-001',
      name: 'Golf Cart',
      productType: { id: 't1', name: 'Golf Cart' },
      productVariant: null,
      condition: 'GOOD',
      status: 'IN_USE',
      hourlyRate: 25,
      rates: [{ rate: 25, rateType: 'hourly' }],
    },
    serviceId: null,
    service: null,
    slot: null,
    participantCount: null,
    addonNames: [],
    addons: [],
    startTime: '2030-05-01T14:00:00.000Z',
    endTime: '2030-05-01T16:00:00.000Z',
    reservationDuration: 2,
    actualReturnTime: null,
    depositAmount: 20,
    depositTypeCash: true,
    depositTypeCredit: false,
    paymentId: null,
    notes: null,
    baseAmount: 50,
    subtotal: 50,
    taxRate: 0,
    taxAmount: 0,
    totalAmount: 50,
    overageAmount: 0,
    overageHours: 0,
    refundAmount: 0,
    refundHours: 0,
    hourlyRateAtBooking: 25,
    createdByEmployee: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace' },
    processedByEmployee: null,
    reprocessedByEmployee: null,
    reprocessedAt: null,
    allergies: false,
    allergiesText: null,
    isPaid: false,
    paidAmount: null,
    paidSource: null,
    paymentStatus: null,
    createdAt: '2030-04-30T10:00:00.000Z',
    updatedAt: '2030-04-30T10:00:00.000Z',
    deletedAt: null,
    deletedBy: null,
    ...over,
  };
}

export const detail = (over: Partial<ReservationDetail> = {}): ReservationDetail => ({
  ...reservation(over),
  payments: [],
  ...over,
});

export function listAnswer(
  rows: Reservation[],
  counts = { all: rows.length, active: 0, completed: 0, cancelled: 0, overdue: 0 },
  nextCursor: string | null = null,
) {
  return { reservations: rows, counts, pagination: { limit: 25, nextCursor, total: rows.length } };
}
