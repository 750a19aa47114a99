import { randomUUID } from 'node:crypto';
import type { RouteId } from '../../shared/contract/index.js';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { auditedWrite } from '../lib/audited-write.js';
import type { TenantId } from '../lib/keys.js';
import { reportAggregateParts } from '../reservation-rows/aggregates.js';
import { call } from '../testing/harness.js';
import { getReservationRow, reservationKey } from '../reservation-rows/entity.js';
import type { TestSession } from '../testing/fixtures.js';
import type { IsolationFixture } from '../testing/isolation-case.js';

const ZONE = 'America/New_York';
const unique = (what: string) => `${what}${randomUUID().replace(/\D/g, '').slice(0, 8)}`;
const at = (days: number, hhmm: string) => zonedDateTime(addDaysToDay(todayIn(ZONE), days), hhmm, ZONE).toISOString();

async function ok<T = any>(p: Promise<{ status: number; body: T; raw: string }>): Promise<T> {
  const res = await p;
  if (res.status >= 300) throw new Error(`fixture call failed: ${res.status} ${res.raw}`);
  return res.body;
}

/** A fresh item of tenant A (its own product type), free at any time. */
async function seedItem(owner: TestSession) {
  const type = await ok(
    call('POST', '/api/inventory/product-types', {
      token: owner.token,
      body: { name: unique('IsoType'), category: 'Iso', rates: [{ rate: 10, rateType: 'hourly' }] },
    }),
  );
  return ok<{ id: string; itemNumber: string }>(
    call('POST', '/api/inventory/items', {
      token: owner.token,
      body: { productTypeId: type.id, itemNumber: unique('ISO-') },
    }),
  );
}

/** An ACTIVE item reservation of tenant A with a unique customer name. */
async function seedReservation(owner: TestSession) {
  const item = await seedItem(owner);
  const lastName = unique('Iso');
  const res = await ok(
    call('POST', '/api/reservations/items/create', {
      token: owner.token,
      body: {
        customer: { firstName: 'Iso', lastName, phone: `555${randomUUID().replace(/\D/g, '').slice(0, 7)}` },
        reservation: { startTime: at(3, '10:00'), reservationDuration: 2, inventoryItemId: item.id, depositAmount: 0 },
      },
    }),
  );
  return { id: res.data.id as string, number: res.data.reservationNumber as string, lastName, item };
}

async function seedServiceBooking(owner: TestSession) {
  const day = addDaysToDay(todayIn(ZONE), 4);
  const svc = await ok(
    call('POST', '/api/inventory/services', {
      token: owner.token,
      body: {
        name: unique('IsoTour'),
        rate: 10,
        rateType: 'FIXED',
        availability: JSON.stringify([{ date: day, startTime: '10:00', endTime: '11:00', slotsAvailable: 5 }]),
      },
    }),
  );
  return { service: svc as { id: string; name: string }, day };
}

const returned = async (owner: TestSession) => {
  const r = await seedReservation(owner);
  await ok(
    call('POST', `/api/reservations/processing/${r.id}/return`, {
      token: owner.token,
      body: { actualReturnTime: at(3, '12:00') },
    }),
  );
  return r;
};
/**
 * Moves a reservation's start into the past (staff bookings start from today 09:00): a no-show needs a
 * start that has passed. Its report day moves with it (functions/reservation-rows/aggregates.ts), as if booked so.
 */
export async function backdateReservation(tenant: TenantId, id: string, startTime: string): Promise<void> {
  const before = await getReservationRow(tenant, id);
  if (!before) throw new Error(`no reservation ${id}`);
  // The end moves with it: the booking keeps its length.
  const endTime = new Date(
    Date.parse(startTime) + Date.parse(before.endTime) - Date.parse(before.startTime),
  ).toISOString();
  const w = auditedWrite(tenant);
  w.update('reservation', reservationKey(tenant, id), {
    update: 'SET startTime = :s, endTime = :e',
    values: { ':s': startTime, ':e': endTime },
  });
  reportAggregateParts(w, tenant, before, { ...before, startTime, endTime });
  await w.commit();
}
const cancelled = async (owner: TestSession) => {
  const r = await seedReservation(owner);
  await ok(call('POST', `/api/reservations/processing/${r.id}/cancel`, { token: owner.token }));
  return r;
};

/** Tenant A's reservations and payments, called by tenant B (refused or shown nothing) and by A. */
export const reservationIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'reservations.statsOverview': async (owner) => (await seedReservation(owner), { secrets: [] }),
  'reservations.list': async (owner) => {
    const r = await seedReservation(owner);
    return { query: { search: r.number }, secrets: [r.id, r.lastName] };
  },
  'reservations.availableItems': async (owner) => {
    const item = await seedItem(owner);
    return { query: { startTime: at(200, '10:00'), hours: '2' }, secrets: [item.id, item.itemNumber] };
  },
  'reservations.get': async (owner) => {
    const r = await seedReservation(owner);
    return { params: { id: r.id }, secrets: [r.id, r.lastName] };
  },
  'reservations.logs': async (owner) => {
    const r = await seedReservation(owner);
    return { query: { reservationId: r.id }, secrets: [r.id, r.lastName] };
  },
  'reservations.createItem': async (owner) => {
    const item = await seedItem(owner);
    return {
      body: {
        customer: { firstName: 'Iso', lastName: 'New', phone: '5551112222' },
        reservation: { startTime: at(5, '10:00'), reservationDuration: 1, inventoryItemId: item.id, depositAmount: 0 },
      },
      secrets: [item.itemNumber],
    };
  },
  'reservations.createService': async (owner) => {
    const { service, day } = await seedServiceBooking(owner);
    return {
      body: {
        customer: { firstName: 'Iso', lastName: 'Walkin', phone: '5553334444' },
        reservation: {
          serviceId: service.id,
          availabilitySlots: [{ date: day, startTime: '10:00', endTime: '11:00' }],
        },
      },
      secrets: [service.name],
    };
  },
  'reservations.processReturn': async (owner) => {
    const r = await seedReservation(owner);
    return { params: { id: r.id }, body: { actualReturnTime: at(3, '12:00') }, secrets: [r.lastName] };
  },
  'reservations.cancel': async (owner) => {
    const r = await seedReservation(owner);
    return { params: { id: r.id }, secrets: [r.lastName] };
  },
  'reservations.noShow': async (owner) => {
    const r = await seedReservation(owner);
    await backdateReservation(owner.tenant, r.id, new Date(Date.now() - 3_600_000).toISOString());
    return { params: { id: r.id }, secrets: [r.lastName] };
  },
  'reservations.reprocess': async (owner) => {
    const r = await returned(owner);
    return { params: { id: r.id }, secrets: [r.lastName] };
  },
  'reservations.restore': async (owner) => {
    const r = await cancelled(owner);
    return { params: { id: r.id }, body: { notes: 'Iso' }, secrets: [r.lastName] };
  },
  'reservations.delete': async (owner) => {
    const r = await cancelled(owner);
    return { params: { id: r.id }, secrets: [r.lastName] };
  },
  'payments.statsOverview': async (owner) => (await returned(owner), { secrets: [] }),
  'payments.trackingBatch': async (owner) => {
    const r = await seedReservation(owner);
    return { body: { reservationIds: [r.id] }, secrets: [r.id] };
  },
  'payments.trackingUpdate': async (owner) => {
    const { service, day } = await seedServiceBooking(owner);
    const b = await ok(
      call('POST', '/api/reservations/services/create', {
        token: owner.token,
        body: {
          customer: { firstName: 'Iso', lastName: 'Paid', phone: '5556667777' },
          reservation: {
            serviceId: service.id,
            availabilitySlots: [{ date: day, startTime: '10:00', endTime: '11:00' }],
          },
        },
      }),
    );
    return {
      params: { reservationId: b.data.id },
      body: { isPaid: true, amount: 10, source: 'Cash' },
      secrets: [b.data.id],
    };
  },
};
