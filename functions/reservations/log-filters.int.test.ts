/**
 * the Reservations Log filters by what the screen shows: the reservation number
 * (RES-000123, or just 123) and an employee picked by name (the answer lists who has entries).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

const ZONE = 'America/New_York';
const at = (n: number, hhmm: string) => zonedDateTime(addDaysToDay(todayIn(ZONE), n), hhmm, ZONE).toISOString();

let admin: TestSession;
let manager: TestSession;
beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  manager = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'MANAGER' });
});

let seq = 0;
async function reserveAs(s: TestSession, itemId: string, day: number) {
  const res = await call('POST', '/api/reservations/items/create', {
    token: s.token,
    body: {
      customer: { firstName: 'Log', lastName: `Filter${++seq}`, phone: `555-020-${1000 + seq}` },
      reservation: { startTime: at(day, '10:00'), reservationDuration: 1, inventoryItemId: itemId, depositAmount: 0 },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; reservationNumber: string };
}
const log = (s: TestSession, qs: string) => call('GET', `/api/reservations/logs/?${qs}`, { token: s.token });

describe('reservations log filters', () => {
  it('by reservation number, as shown or just its digits, and by an employee from the names it lists', async () => {
    const type = await call('POST', '/api/inventory/product-types', {
      token: admin.token,
      body: { name: 'Canoe', category: 'Boats', rates: [{ rate: 10, rateType: 'hourly' }] },
    });
    const item = await call('POST', '/api/inventory/items', {
      token: admin.token,
      body: { productTypeId: type.body.id, itemNumber: 'LOG-1' },
    });
    const mine = await reserveAs(admin, item.body.id, 2);
    const theirs = await reserveAs(manager, item.body.id, 3);
    expect(
      (await call('POST', `/api/reservations/processing/${theirs.id}/cancel`, { token: manager.token, body: {} }))
        .status,
    ).toBe(200);

    const digits = String(Number(theirs.reservationNumber.slice(4)));
    for (const n of [theirs.reservationNumber, digits]) {
      const res = await log(admin, `reservationNumber=${encodeURIComponent(n)}`);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.map((e: { action: string }) => e.action).sort()).toEqual(['CANCELLED', 'CREATED']);
      expect(
        res.body.data.every((e: { reservationNumber: string }) => e.reservationNumber === theirs.reservationNumber),
      ).toBe(true);
      expect(res.body.pagination.total).toBe(2);
    }
    const none = await log(admin, 'reservationNumber=999999');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);

    const all = await log(admin, '');
    const names = all.body.employees as { id: string; name: string }[];
    expect(names.map((e) => e.id).sort()).toEqual([admin.userId, manager.userId].sort());
    const pick = names.find((e) => e.id === manager.userId)!;
    expect(pick.name).not.toBe(manager.userId);
    const byEmployee = await log(admin, `employeeId=${pick.id}`);
    expect(byEmployee.body.data.map((e: { reservationNumber: string }) => e.reservationNumber)).toEqual([
      theirs.reservationNumber,
      theirs.reservationNumber,
    ]);
    expect(byEmployee.body.pagination.total).toBe(2);
    const both = await log(
      admin,
      `employeeId=${admin.userId}&reservationNumber=${encodeURIComponent(mine.reservationNumber)}`,
    );
    expect(both.body.data.map((e: { action: string }) => e.action)).toEqual(['CREATED']);
  });
});
