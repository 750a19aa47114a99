import { describe, expect, it } from 'vitest';
import { trustedTenant } from '../lib/keys.js';
import type { ReservationRow } from './entity.js';
import { contribution, splitContribution } from './aggregates.js';

const tenant = trustedTenant('org1');
const ZONE = 'America/New_York';

/** One booked item reservation of a day, by customer `n` on item `n % 300`, created by employee `n % 40`. */
function reservation(n: number): ReservationRow {
  const start = new Date(Date.UTC(2030, 4, 1, 14) + (n % 480) * 60_000).toISOString();
  const customerId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const itemId = `10000000-0000-4000-8000-${String(n % 300).padStart(12, '0')}`;
  return {
    id: `r${n}`,
    reservationNumber: `RES-${String(n + 1).padStart(6, '0')}`,
    kind: 'ITEM',
    status: 'ACTIVE',
    source: 'STAFF',
    customerId,
    timeZone: ZONE,
    customer: { id: customerId, firstName: 'Bench', lastName: `Customer${n}`, phone: '5550100001', email: null },
    inventoryItemId: itemId,
    inventoryItem: {
      id: itemId,
      itemNumber: `GC-${n % 300}`,
      name: 'Golf Cart',
      productType: { id: 'pt1', name: 'Golf Cart' },
      productVariant: null,
      condition: null,
      status: null,
      hourlyRate: 20,
      rates: [],
    },
    startTime: start,
    endTime: new Date(Date.parse(start) + 3_600_000).toISOString(),
    reservationDuration: 1,
    depositAmountCents: 0,
    baseAmountCents: 2000,
    subtotalCents: 2000,
    taxRate: 0,
    taxAmountCents: 0,
    totalAmountCents: 2000,
    overageAmountCents: 0,
    overageHours: 0,
    hourlyRateAtBookingCents: 2000,
    createdByEmployee: { id: `e${n % 40}`, firstName: 'Emp', lastName: `E${n % 40}` },
    createdAt: start,
    updatedAt: start,
  } as ReservationRow;
}

/** DynamoDB's item size, near enough: names plus values (a number counts at most 21 bytes). */
const itemBytes = (item: Record<string, unknown>) =>
  Object.entries(item).reduce(
    (s, [k, v]) => s + Buffer.byteLength(k) + (typeof v === 'number' ? 21 : Buffer.byteLength(String(v))),
    0,
  );

/** The rows a day's reservations leave, as the transactions' ADDs and SETs would. */
function rowsAfter(count: number): Map<string, Record<string, unknown>> {
  const rows = new Map<string, Record<string, unknown>>();
  for (let n = 0; n < count; n++) {
    const c = contribution(reservation(n));
    if (!c) throw new Error('no contribution');
    for (const part of splitContribution(tenant, c)) {
      let row = rows.get(part.key.sk);
      if (!row) rows.set(part.key.sk, (row = { ...part.key }));
      for (const [k, v] of Object.entries(part.counts)) row[k] = ((row[k] as number | undefined) ?? 0) + v;
      Object.assign(row, part.sets);
    }
  }
  return rows;
}

describe('report rows (R-REP-8)', () => {
  it('stay small whatever the day brings: 5,000 distinct customers in one day', () => {
    const rows = rowsAfter(5000);
    const day = rows.get('REPDAY#2030-05-01');
    expect(day).toMatchObject({ n: 5000, b: 5000, rev: 5000 * 2000 });
    // The day row holds only the fixed set of totals: no attribute per customer, item or employee.
    expect(Object.keys(day!).filter((k) => k.includes('#') && !/^(pk|sk|[skh]#[^#]+)$/.test(k))).toEqual([]);
    expect([...rows.keys()].filter((k) => k.startsWith('REPC#'))).toHaveLength(5000);
    expect([...rows.keys()].filter((k) => k.startsWith('REPI#'))).toHaveLength(300);
    expect([...rows.keys()].filter((k) => k.startsWith('REPE#'))).toHaveLength(40);
    // Every row fits in one write unit (1 KB), far under the 64 KB target and the 400 KB item limit.
    expect(Math.max(...[...rows.values()].map(itemBytes))).toBeLessThan(1024);
    // keys, 9 totals, at most 3 statuses, 2 kinds and 24 start hours
    expect(Object.keys(day!).length).toBeLessThanOrEqual(2 + 9 + 3 + 2 + 24);
  });
});
