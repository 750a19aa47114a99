/** R-RES-15: rentals of days, priced by the daily rate, holding the item the whole time, overdue after their end. */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { sweepOverdue } from '../sweeps/overdue-reservations.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

const ZONE = 'America/New_York'; // sessionFor writes no organization row: the default zone
const at = (n: number, hhmm: string) => zonedDateTime(addDaysToDay(todayIn(ZONE), n), hhmm, ZONE).toISOString();
const RATES = { name: 'Kayak', category: 'Boats', rates: [{ rate: 12.5, rateType: 'hourly' }], defaultDailyRate: 60 };

let s: TestSession;
let typeId: string;
let seq = 0;
beforeAll(async () => {
  await useTestTable();
  s = await sessionFor({ role: 'BUSINESS_ADMIN' });
  const type = await call('POST', '/api/inventory/product-types', { token: s.token, body: RATES });
  expect(type.status, JSON.stringify(type.body)).toBe(201);
  typeId = type.body.id;
});

async function newItem() {
  const res = await call('POST', '/api/inventory/items', {
    token: s.token,
    body: { productTypeId: typeId, itemNumber: `MD-${++seq}` },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; itemNumber: string };
}
const book = (itemId: string, startTime: string, hours: number, over: Record<string, unknown> = {}) =>
  call('POST', '/api/reservations/items/create', {
    token: s.token,
    body: {
      customer: { firstName: 'Grace', lastName: 'Hopper', phone: `555-020-${1000 + seq}` },
      reservation: { startTime, reservationDuration: hours, inventoryItemId: itemId, depositAmount: 0, ...over },
    },
  });
const free = async (startTime: string, hours: number) =>
  (
    await call('GET', `/api/reservations/available-items?startTime=${encodeURIComponent(startTime)}&hours=${hours}`, {
      token: s.token,
    })
  ).body.items.map((i: { id: string }) => i.id) as string[];
const overdueCount = async () =>
  (await call('GET', '/api/reservations/integration/stats/overview', { token: s.token })).body.overdue as number;

describe('rentals of days (R-RES-15)', () => {
  it('a 3-day rental is priced at the daily rate, blocks day 2, is overdue after its end, and returns by its booked rates', async () => {
    const item = await newItem();
    const res = await book(item.id, at(1, '10:00'), 72);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const r = res.body.data;
    // 3 x $60, not 72 x $12.50
    expect(r).toMatchObject({
      reservationDuration: 72,
      baseAmount: 180,
      totalAmount: 180,
      hourlyRateAtBooking: 12.5,
      dailyRateAtBooking: 60,
      priceBasis: 'daily',
      endTime: new Date(Date.parse(at(1, '10:00')) + 72 * 36e5).toISOString(),
      inventoryItem: { hourlyRate: 12.5, dailyRate: 60 },
    });

    // day 2: refused, and not offered as free; free again from its end (back to back)
    const clash = await book(item.id, at(2, '14:00'), 2);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`This item is already reserved at that time (reservation ${r.reservationNumber}).`);
    expect(await free(at(2, '14:00'), 2)).not.toContain(item.id);
    expect(await free(at(0, '23:00'), 24)).not.toContain(item.id);
    const end = Date.parse(r.endTime);
    expect(await free(r.endTime, 2)).toContain(item.id);

    // overdue follows the end: not on day 3, yes just after it
    await sweepOverdue(Date.parse(at(3, '12:00')));
    expect(await overdueCount()).toBe(0);
    await sweepOverdue(end + 30 * 60_000);
    expect(await overdueCount()).toBe(1);

    // the rates change after booking; the return uses the ones quoted
    const put = await call('PUT', `/api/inventory/product-types/${typeId}`, {
      token: s.token,
      body: { ...RATES, rates: [{ rate: 30, rateType: 'hourly' }], defaultDailyRate: 200 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // 10 h late: a fourth day at $60 (cheaper than 10 x $12.50), not by the new rates
    const ret = await call('POST', `/api/reservations/processing/${r.id}/return`, {
      token: s.token,
      body: { actualReturnTime: new Date(end + 10 * 36e5).toISOString() },
    });
    expect(ret.status, JSON.stringify(ret.body)).toBe(200);
    expect(ret.body.charges).toMatchObject({
      reservationDuration: 72,
      baseAmount: 180,
      overageHours: 10,
      overageAmount: 60,
      hourlyRate: 12.5,
      totalAmount: 240,
    });
    expect(await overdueCount()).toBe(0);
    await call('PUT', `/api/inventory/product-types/${typeId}`, { token: s.token, body: RATES });
  });

  it('short rentals stay hourly; per day when chosen; longer than 30 days is refused', async () => {
    const item = await newItem();
    const hourly = await book(item.id, at(10, '10:00'), 3);
    expect(hourly.body.data).toMatchObject({ baseAmount: 37.5, priceBasis: 'hourly' });
    const perDay = await book(item.id, at(12, '10:00'), 3, { pricing: 'daily' });
    expect(perDay.body.data).toMatchObject({ baseAmount: 60, priceBasis: 'daily' });
    const long = await book(item.id, at(20, '10:00'), 721);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Duration must be whole hours from 1 hour to 30 days');
    const query = await call(
      'GET',
      `/api/reservations/available-items?startTime=${encodeURIComponent(at(20, '10:00'))}&hours=1.5`,
      {
        token: s.token,
      },
    );
    expect(query.status).toBe(400);
  });
});

describe('rentals outside opening hours (R-RES-16)', () => {
  it("the free-items answer warns of a pick-up before opening or a return on a closed day, in the organization's zone; the booking is still made", async () => {
    const day = addDaysToDay(todayIn(ZONE), 3);
    const put = await call('PUT', '/api/settings/organization/hours', {
      token: s.token,
      body: {
        hours: [{ dayType: 'everyday', openTime: '09:00', closeTime: '17:00', isClosed: false }],
        specialHours: JSON.stringify([{ date: addDaysToDay(day, 1), isClosed: true }]),
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const note = async (startTime: string, hours: number) =>
      (
        await call(
          'GET',
          `/api/reservations/available-items?startTime=${encodeURIComponent(startTime)}&hours=${hours}`,
          {
            token: s.token,
          },
        )
      ).body.openingHoursNote as string | null;
    const at3 = (hhmm: string) => zonedDateTime(day, hhmm, ZONE).toISOString();
    expect(await note(at3('10:00'), 3)).toBeNull();
    expect(await note(at3('08:00'), 3)).toMatch(
      /^Starts at 8:00 AM on .*, outside opening hours \(9:00 AM – 5:00 PM\)$/,
    );
    expect(await note(at3('10:00'), 24)).toMatch(/^Ends on .*, when the store is closed$/);
    const item = await newItem();
    expect((await book(item.id, at3('08:00'), 3)).status).toBe(201);
  });
});
