/**
 * R-RES-8: the overdue count (the page header's badge, the list's chip, the stats route) equals the rows the
 * list marks overdue, also between the reservation's end and the sweep's next run, and after the sweep.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import type { TenantId } from '../lib/keys.js';
import { sweepOverdue } from '../sweeps/overdue-reservations.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { reservationStats } from './counts.js';
import { listReservations } from './queries.js';

const ZONE = 'America/New_York';
const at = (n: number, hhmm: string) => zonedDateTime(addDaysToDay(todayIn(ZONE), n), hhmm, ZONE).toISOString();

let s: TestSession;

async function ok(p: Promise<{ status: number; body: any; raw: string }>) {
  const res = await p;
  expect(res.status, res.raw).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  await useTestTable();
  s = await sessionFor({ role: 'BUSINESS_ADMIN' });
});

describe('the overdue count', () => {
  it('counts the rows the list marks overdue, before and after the sweep marks them', async () => {
    const tenant = s.tenant as TenantId;
    const type = await ok(
      call('POST', '/api/inventory/product-types', {
        token: s.token,
        body: { name: 'Cart', category: 'Carts', rates: [{ rate: 25, rateType: 'hourly' }] },
      }),
    );
    const ids: string[] = [];
    for (const [i, hour] of ['10:00', '12:00', '15:00'].entries()) {
      const item = await ok(
        call('POST', '/api/inventory/items', {
          token: s.token,
          body: { productTypeId: type.id, itemNumber: `O-${i}` },
        }),
      );
      const r = await ok(
        call('POST', '/api/reservations/items/create', {
          token: s.token,
          body: {
            customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '5550100001' },
            reservation: { startTime: at(1, hour), reservationDuration: 1, inventoryItemId: item.id, depositAmount: 0 },
          },
        }),
      );
      ids.push(r.data.id);
    }
    const marked = async (now: number) =>
      (await listReservations(tenant, { kind: 'ITEM', status: 'active' }, now)).reservations.filter((r) => r.isOverdue)
        .length;
    const counts = async (now: number) => ({
      stats: (await reservationStats(tenant, now)).overdue,
      chip: (await listReservations(tenant, { kind: 'ITEM' }, now)).counts.overdue,
      rows: await marked(now),
    });
    // Two have ended, the sweep has not run: both rows are marked, and both are counted.
    const later = Date.parse(at(1, '14:30'));
    expect(await counts(later)).toEqual({ stats: 2, chip: 2, rows: 2 });
    // The sweep marks them: the same two.
    await sweepOverdue(later);
    expect(await counts(later)).toEqual({ stats: 2, chip: 2, rows: 2 });
    // One returned: one left; the third ends later and counts from its end.
    await ok(
      call('POST', `/api/reservations/processing/${ids[0]}/return`, {
        token: s.token,
        body: { actualReturnTime: at(1, '11:30') },
      }),
    );
    expect(await counts(later)).toEqual({ stats: 1, chip: 1, rows: 1 });
    expect(await counts(Date.parse(at(1, '16:30')))).toEqual({ stats: 2, chip: 2, rows: 2 });
  });
});
