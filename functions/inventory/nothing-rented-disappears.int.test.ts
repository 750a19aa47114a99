/**
 * docs/decisions/0006-nothing-rented-disappears.md: nothing rented disappears. An item, a product type or a service
 * that active or upcoming reservations hold cannot be deleted (the answer names the reservations); a bulk delete
 * deletes the rest and lists what it kept; a deleted reservation leaves its customer's count.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { bulkHooks } from '../testing/inventory-bulk-hooks.js';

vi.mock('./bulk-batch.js', async (real) =>
  (await import('../testing/inventory-bulk-hooks.js')).hookedBatch(await real()),
);
vi.mock('./bulk-finish.js', async (real) =>
  (await import('../testing/inventory-bulk-hooks.js')).hookedFinish(await real()),
);

const ZONE = 'America/New_York';
const day = (n: number) => addDaysToDay(todayIn(ZONE), n);
const at = (n: number, hhmm: string) => zonedDateTime(day(n), hhmm, ZONE).toISOString();

let admin: TestSession;
beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
});
afterEach(() => {
  delete bulkHooks.afterCheck;
});

let seq = 0;
async function newType(s: TestSession) {
  const res = await call('POST', '/api/inventory/product-types', {
    token: s.token,
    body: { name: `Kayak ${++seq}`, category: 'Boats', rates: [{ rate: 20, rateType: 'hourly' }] },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body as { id: string };
}
async function newItem(s: TestSession, productTypeId: string) {
  const res = await call('POST', '/api/inventory/items', {
    token: s.token,
    body: { productTypeId, itemNumber: `NRD-${++seq}` },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body as { id: string; itemNumber: string };
}
const customer = (over: { email?: string } = {}) => ({
  firstName: 'Ada',
  lastName: `Renter${++seq}`,
  phone: `555-010-${String(1000 + seq)}`,
  ...over,
});
async function reserve(s: TestSession, itemId: string, startTime: string, cust = customer()) {
  const res = await call('POST', '/api/reservations/items/create', {
    token: s.token,
    body: {
      customer: cust,
      reservation: {
        startTime,
        reservationDuration: 2,
        inventoryItemId: itemId,
        depositAmount: 0,
        depositType: { cash: true },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; reservationNumber: string; customerId: string };
}
const itemExists = async (s: TestSession, id: string) =>
  (await call('GET', '/api/inventory/items?limit=1000', { token: s.token })).body.items.some(
    (i: { id: string }) => i.id === id,
  );

describe('items out on a reservation are not deleted', () => {
  it('refuses a single delete of an item with an upcoming reservation, naming it', async () => {
    const type = await newType(admin);
    const item = await newItem(admin, type.id);
    const r = await reserve(admin, item.id, at(3, '10:00'));
    const res = await call('DELETE', `/api/inventory/items/${item.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Item ${item.itemNumber} cannot be deleted: it has active or upcoming reservations (${r.reservationNumber}). Cancel or complete them first.`,
    );
    expect(await itemExists(admin, item.id)).toBe(true);
    // Once cancelled, the item may go.
    expect(
      (await call('POST', `/api/reservations/processing/${r.id}/cancel`, { token: admin.token, body: {} })).status,
    ).toBe(200);
    expect((await call('DELETE', `/api/inventory/items/${item.id}`, { token: admin.token })).status).toBe(200);
  });

  it('bulk delete (select-all) deletes the free items and lists the reserved one it kept', async () => {
    const type = await newType(admin);
    const [a, b, c] = [await newItem(admin, type.id), await newItem(admin, type.id), await newItem(admin, type.id)];
    const r = await reserve(admin, b.id, at(2, '11:00'));
    const res = await call('DELETE', '/api/inventory/bulk/delete', {
      token: admin.token,
      body: { itemIds: [a.id, b.id, c.id] },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.deletedItems.map((d: { itemNumber: string }) => d.itemNumber).sort()).toEqual(
      [a.itemNumber, c.itemNumber].sort(),
    );
    expect(res.body.data.keptItems).toEqual([
      { id: b.id, itemNumber: b.itemNumber, reservations: [r.reservationNumber] },
    ]);
    expect(await itemExists(admin, b.id)).toBe(true);
    expect(await itemExists(admin, a.id)).toBe(false);
    // The reservation still points at its item.
    const detail = await call('GET', `/api/reservations/integration/${r.id}`, { token: admin.token });
    expect(detail.status).toBe(200);
  });

  it('a bulk delete of only reserved items is a 409 naming each with its reservations', async () => {
    const type = await newType(admin);
    const a = await newItem(admin, type.id);
    const r = await reserve(admin, a.id, at(4, '10:00'));
    const res = await call('DELETE', '/api/inventory/bulk/delete', { token: admin.token, body: { itemIds: [a.id] } });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(r.reservationNumber);
    expect(await itemExists(admin, a.id)).toBe(true);
  });

  it('an item booked between the check and the delete is kept, not deleted from under the booking', async () => {
    const type = await newType(admin);
    const [a, b] = [await newItem(admin, type.id), await newItem(admin, type.id)];
    let booked: { reservationNumber: string } | undefined;
    bulkHooks.afterCheck = async () => {
      delete bulkHooks.afterCheck;
      booked = await reserve(admin, b.id, at(5, '10:00'));
    };
    const res = await call('DELETE', '/api/inventory/bulk/delete', {
      token: admin.token,
      body: { itemIds: [a.id, b.id] },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.deletedItems.map((d: { id: string }) => d.id)).toEqual([a.id]);
    expect(res.body.data.keptItems).toEqual([
      { id: b.id, itemNumber: b.itemNumber, reservations: [booked!.reservationNumber] },
    ]);
    expect(await itemExists(admin, b.id)).toBe(true);
  });

  it('refuses to delete a product type that still has items (R-INV-7 shows the server text)', async () => {
    const type = await newType(admin);
    await newItem(admin, type.id);
    const res = await call('DELETE', `/api/inventory/product-types/${type.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cannot delete a product type that still has items (1)');
  });
});

describe('services with active bookings are not deleted', () => {
  it('refuses naming the bookings, and allows it once they are cancelled', async () => {
    const svc = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: {
        name: 'Sunset tour',
        rate: 25,
        rateType: 'FIXED',
        availability: JSON.stringify([{ date: day(5), startTime: '18:00', endTime: '20:00', slotsAvailable: 6 }]),
      },
    });
    expect(svc.status).toBe(201);
    const book = await call('POST', '/api/reservations/services/create', {
      token: admin.token,
      body: {
        customer: customer(),
        reservation: {
          serviceId: svc.body.id,
          availabilitySlots: [{ date: day(5), startTime: '18:00', endTime: '20:00' }],
          participantCount: 1,
        },
      },
    });
    expect(book.status, JSON.stringify(book.body)).toBe(201);
    const refused = await call('DELETE', `/api/inventory/services/${svc.body.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Service "Sunset tour" cannot be deleted: it has active bookings (${book.body.data.reservationNumber}). Cancel them first.`,
    );
    expect((await call('GET', `/api/inventory/services/${svc.body.id}`, { token: admin.token })).status).toBe(200);
    expect(
      (await call('POST', `/api/reservations/processing/${book.body.data.id}/cancel`, { token: admin.token, body: {} }))
        .status,
    ).toBe(200);
    expect((await call('DELETE', `/api/inventory/services/${svc.body.id}`, { token: admin.token })).status).toBe(200);
  });
});

describe("a customer's count and their reservations agree (docs/decisions/0006-nothing-rented-disappears.md)", () => {
  it('a deleted reservation counts nowhere: the list row and the details say the same', async () => {
    const type = await newType(admin);
    const item = await newItem(admin, type.id);
    const cust = customer({ email: `count${seq}@example.com` });
    const kept = await reserve(admin, item.id, at(6, '10:00'), cust);
    const gone = await reserve(admin, item.id, at(6, '14:00'), cust);
    expect(gone.customerId).toBe(kept.customerId);
    expect(
      (await call('POST', `/api/reservations/processing/${gone.id}/cancel`, { token: admin.token, body: {} })).status,
    ).toBe(200);
    expect((await call('DELETE', `/api/reservations/processing/${gone.id}`, { token: admin.token })).status).toBe(200);
    const list = await call('GET', `/api/customers?search=${encodeURIComponent(cust.email!)}`, { token: admin.token });
    const row = list.body.customers.find((c: { id: string }) => c.id === kept.customerId);
    const details = await call('GET', `/api/customers/${kept.customerId}`, { token: admin.token });
    expect(details.status).toBe(200);
    const reservations = details.body.customer?.reservations ?? details.body.reservations;
    expect(reservations.map((r: { id: string }) => r.id)).toEqual([kept.id]);
    expect(row.reservationCount).toBe(reservations.length);
  });
});
