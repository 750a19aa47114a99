import { randomUUID } from 'node:crypto';
import type { RouteId } from '../../shared/contract/index.js';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { call } from '../testing/harness.js';
import type { TestSession } from '../testing/fixtures.js';
import type { IsolationFixture } from '../testing/isolation-case.js';

const ZONE = 'America/New_York';
const unique = (what: string) => `${what}${randomUUID().replace(/\D/g, '').slice(0, 8)}`;

async function ok<T = any>(p: Promise<{ status: number; body: T; raw: string }>): Promise<T> {
  const res = await p;
  if (res.status >= 300) throw new Error(`fixture call failed: ${res.status} ${res.raw}`);
  return res.body;
}

/** A returned reservation of tenant A, 3 days from today, with a unique customer, item and phone. */
async function seed(owner: TestSession) {
  const day = addDaysToDay(todayIn(ZONE), 3);
  const type = await ok(
    call('POST', '/api/inventory/product-types', {
      token: owner.token,
      body: { name: unique('RepType'), category: 'Iso', rates: [{ rate: 10, rateType: 'hourly' }] },
    }),
  );
  const item = await ok(
    call('POST', '/api/inventory/items', {
      token: owner.token,
      body: { productTypeId: type.id, itemNumber: unique('REP-') },
    }),
  );
  const lastName = unique('Rep');
  const phone = `555${randomUUID().replace(/\D/g, '').slice(0, 7)}`;
  const res = await ok(
    call('POST', '/api/reservations/items/create', {
      token: owner.token,
      body: {
        customer: { firstName: 'Iso', lastName, phone },
        reservation: {
          startTime: zonedDateTime(day, '10:00', ZONE).toISOString(),
          reservationDuration: 2,
          inventoryItemId: item.id,
          depositAmount: 0,
        },
      },
    }),
  );
  return { day, id: res.data.id as string, lastName, phone, item, type };
}
const scheduleBody = (name: string) => ({
  name,
  reportType: 'revenue',
  schedule: { frequency: 'daily', time: '07:00' },
  recipients: ['iso@example.com'],
});
const range = (day: string) => ({ startDate: addDaysToDay(day, -3), endDate: day });

/** Tenant A's report figures are never in tenant B's reports. */
export const reportIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'reports.dailyLog': async (owner) => {
    const s = await seed(owner);
    return { query: { date: s.day }, secrets: [s.id, s.lastName] };
  },
  'reports.revenue': async (owner) => {
    const s = await seed(owner);
    return { query: range(s.day), secrets: [] };
  },
  'reports.employeePerformance': async (owner) => {
    const s = await seed(owner);
    return { query: range(s.day), secrets: [owner.userId] };
  },
  'reports.cartUtilization': async (owner) => {
    const s = await seed(owner);
    return { query: range(s.day), secrets: [s.item.id, s.type.name] };
  },
  'reports.customerActivity': async (owner) => {
    const s = await seed(owner);
    return { query: range(s.day), secrets: [s.lastName, s.phone] };
  },
  'reports.schedules.list': async (owner) => {
    const name = unique('Sched');
    const s = await ok(call('POST', '/api/reports/schedules', { token: owner.token, body: scheduleBody(name) }));
    return { secrets: [s.id, name] };
  },
  'reports.schedules.create': async () => {
    const name = unique('Sched');
    return { body: scheduleBody(name), secrets: [] };
  },
  'reports.schedules.delete': async (owner) => {
    const name = unique('Sched');
    const s = await ok(call('POST', '/api/reports/schedules', { token: owner.token, body: scheduleBody(name) }));
    return { params: { id: s.id }, secrets: [name] };
  },
  'reports.schedules.update': async (owner) => {
    const name = unique('Sched');
    const s = await ok(call('POST', '/api/reports/schedules', { token: owner.token, body: scheduleBody(name) }));
    return { params: { id: s.id }, body: { enabled: false }, secrets: [name] };
  },
  'reports.schedules.run': async (owner) => {
    const name = unique('Sched');
    const s = await ok(call('POST', '/api/reports/schedules', { token: owner.token, body: scheduleBody(name) }));
    return { params: { id: s.id }, secrets: [name] };
  },
};
