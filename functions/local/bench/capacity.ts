import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDaysToDay, todayIn, zonedDateTime } from '../../../shared/domain/time.js';
import {
  attributeValues,
  itemSize,
  type RecordedCall,
  startCapacityRecording,
  stopCapacityRecording,
} from '../../lib/capacity.js';
import { scanPages, tableName } from '../../lib/db.js';
import { SWEEPS } from '../../lib/sweep-schedules.js';
import { REPO_ROOT } from '../runtime.js';
import { json, newTenant, post } from './helpers.js';
import type { BenchContext, BenchMeasure } from './types.js';

/**
 * The capacity model (docs/scale.md, docs/decisions/0265-capacity-model.md; the scale targets: a booking
 * costs at most 40 write units, no item passes 64 KB after 5,000 distinct customers in one day, no
 * key takes more than 10 % of the platform's writes). Every DynamoDB call the handlers make is
 * recorded (functions/lib/capacity.ts) while: many tenants take a few public bookings and staff
 * reservations; one viral tenant takes many bookings from distinct customers through one share link
 * on one day; the sweeps run once; every tenant's dashboard and reports are read once. It knows no
 * row layout: it sees calls, keys and sizes, so it measures whatever layout the handlers write.
 * Env: CAPACITY_TENANTS (40), CAPACITY_VIRAL (1,000 bookings).
 */
const ZONE = 'UTC';
const TENANTS = Number(process.env.CAPACITY_TENANTS ?? 40);
const VIRAL = Number(process.env.CAPACITY_VIRAL ?? 1000);
const PUBLIC_EACH = 3;
const STAFF_EACH = 3;
const CHECKPOINTS = 4;
/** DynamoDB's per-partition write limit (units a second), the figure a hot key is held to. */
const PARTITION_WRU_LIMIT = 1000;
/**
 * Booking rates to extrapolate to: one share link's edge limit (6,000 per 5 minutes,
 * docs/decisions/0254-edge-limits-per-tenant.md) and the public booking route's platform throttle.
 */
const VIRAL_RATES = { perLinkLimit: 20, bookingRouteThrottle: 200 };
const TARGETS = { bookingWru: 40, itemBytesAt5000: 64 * 1024, keyShare: 0.1, customers: 5000 };
/** Bookings in flight at once: enough to overlap, few enough for two shared cores. */
const IN_FLIGHT = 6;

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

async function inParallel<T>(count: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) out[i] = await work(i);
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count) }, worker));
  return out;
}

async function send(ctx: BenchContext, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${ctx.url}${path}`, {
    method,
    headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await res.text();
  return res.status;
}

interface Tenant {
  token: string;
  share: string;
  itemId: string;
}

const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

async function setUpTenant(ctx: BenchContext, label: string, day: string, places: number): Promise<Tenant> {
  const token = await newTenant(ctx, label);
  const service = await post<{ id: string }>(
    `${ctx.url}/api/inventory/services`,
    {
      name: `Capacity tour ${label}`,
      description: 'Bench',
      location: 'Dock',
      rate: '20',
      rateType: 'per_person',
      availability: JSON.stringify(
        HOURS.map((startTime, i) => ({
          date: day,
          startTime,
          endTime: HOURS[i + 1] ?? '17:00',
          slotsAvailable: places,
        })),
      ),
      rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      timeZone: ZONE,
    },
    token,
  );
  const { shareToken } = await post<{ shareToken: string }>(
    `${ctx.url}/api/inventory/services/${service.id}/generate-share-link`,
    {},
    token,
  );
  const type = await post<{ id: string }>(
    `${ctx.url}/api/inventory/product-types`,
    { name: 'Kayak', category: 'Boats', rates: [{ rate: 20, rateType: 'hourly' }] },
    token,
  );
  const item = await post<{ id: string }>(
    `${ctx.url}/api/inventory/items`,
    { productTypeId: type.id, itemNumber: `CAP-${label}` },
    token,
  );
  return { token, share: shareToken, itemId: item.id };
}

const book = (ctx: BenchContext, share: string, day: string, n: number, label: string) =>
  send(ctx, 'POST', `/public/service/${share}/book`, undefined, {
    selectedSlots: [
      { date: day, startTime: HOURS[n % HOURS.length], endTime: HOURS[(n % HOURS.length) + 1] ?? '17:00' },
    ],
    customer: {
      firstName: 'Guest',
      lastName: `${label} ${n}`,
      phone: `555${String(3_000_000 + n).slice(-7)}`,
      email: `${label}-${n}@capacity.example`,
    },
    participantCount: 1,
    isPublicBooking: true,
  });

const reserve = (ctx: BenchContext, tenant: Tenant, day: string, n: number) =>
  send(ctx, 'POST', '/api/reservations/items/create', tenant.token, {
    customer: { firstName: 'Walk', lastName: `In ${n}`, phone: `555${String(4_000_000 + n).slice(-7)}` },
    reservation: {
      startTime: zonedDateTime(day, `${String(8 + 2 * n).padStart(2, '0')}:00`, ZONE).toISOString(),
      reservationDuration: 2,
      inventoryItemId: tenant.itemId,
      depositAmount: 0,
    },
  });

/** Units written and read by a phase's calls. */
function units(calls: readonly RecordedCall[]) {
  let wru = 0;
  let rru = 0;
  let localWru = 0;
  for (const c of calls) {
    wru += c.writes.reduce((sum, w) => sum + w.units, 0);
    rru += c.readUnits;
    if (c.writes.length && c.localUnits !== undefined) localWru += c.localUnits;
  }
  return { wru, rru, localWru };
}

/** A recorded phase: its calls, the requests that succeeded, and how long it took. */
interface Phase {
  calls: RecordedCall[];
  ok: number;
  requests: number;
  seconds: number;
}

async function phase(run: () => Promise<number[]>, okStatus: (s: number) => boolean): Promise<Phase> {
  startCapacityRecording();
  const t0 = performance.now();
  const statuses = await run();
  const seconds = (performance.now() - t0) / 1000;
  // Work a response does not wait for (mail counts, webhooks) lands a moment later: it is the phase's too.
  await new Promise((r) => setTimeout(r, 500));
  return { calls: stopCapacityRecording(), ok: statuses.filter(okStatus).length, requests: statuses.length, seconds };
}

const perRequest = (p: Phase) => {
  const u = units(p.calls);
  const n = Math.max(1, p.ok);
  return {
    requests: p.requests,
    succeeded: p.ok,
    calls: round(p.calls.length / n, 1),
    wru: round(u.wru / n),
    rru: round(u.rru / n),
    localReportedWru: round(u.localWru / n),
  };
};

interface ScannedItem {
  pk: string;
  sk: string;
  bytes: number;
}

/** Every item's size (not recorded: the measure's own look at the table). */
async function scanSizes(): Promise<ScannedItem[]> {
  const out: ScannedItem[] = [];
  for await (const page of scanPages({ TableName: tableName() }))
    for (const row of page) out.push({ pk: String(row.pk), sk: String(row.sk), bytes: itemSize(attributeValues(row)) });
  return out;
}

/** The kind of row: its sort key up to the first `#` (REPDAY, RES, SETTINGS...), or the pk's when the sk says nothing. */
const kindOf = (item: ScannedItem) => (item.sk.split('#')[0] || item.pk.split('#')[0]) ?? '';

/** Writes per partition key across every call, busiest first. */
function busiest(calls: readonly RecordedCall[], index: string) {
  const byKey = new Map<string, number>();
  for (const c of calls)
    for (const w of c.writes) if (w.index === index) byKey.set(w.key, (byKey.get(w.key) ?? 0) + w.units);
  return [...byKey.entries()].sort((a, b) => b[1] - a[1]);
}

async function measureCapacity(ctx: BenchContext) {
  const today = todayIn(ZONE);
  const day = addDaysToDay(today, 3);
  process.stderr.write(`capacity: setting up ${TENANTS} tenants and a viral one\n`);
  const tenants = await inParallel(TENANTS, (i) => setUpTenant(ctx, `cap-${i}`, day, 20));
  const viral = await setUpTenant(ctx, 'cap-viral', day, Math.ceil(VIRAL / HOURS.length) + 20);

  process.stderr.write('capacity: public bookings and staff reservations\n');
  const publicPhase = await phase(
    () => inParallel(TENANTS * PUBLIC_EACH, (i) => book(ctx, tenants[i % TENANTS]!.share, day, i, `t${i % TENANTS}`)),
    (s) => s === 201,
  );
  const staffPhase = await phase(
    () => inParallel(TENANTS * STAFF_EACH, (i) => reserve(ctx, tenants[i % TENANTS]!, day, Math.floor(i / TENANTS))),
    (s) => s === 201,
  );

  process.stderr.write(`capacity: ${VIRAL} viral bookings from distinct customers\n`);
  const viralPhases: Phase[] = [];
  const growth: { customers: number; largest: ScannedItem; byKind: Record<string, number> }[] = [];
  const per = Math.ceil(VIRAL / CHECKPOINTS);
  for (let c = 0; c < CHECKPOINTS; c++) {
    const from = c * per;
    const count = Math.min(per, VIRAL - from);
    viralPhases.push(
      await phase(
        () => inParallel(count, (i) => book(ctx, viral.share, day, from + i, 'viral')),
        (s) => s === 201,
      ),
    );
    const items = await scanSizes();
    const byKind: Record<string, number> = {};
    for (const it of items) byKind[kindOf(it)] = Math.max(byKind[kindOf(it)] ?? 0, it.bytes);
    const largest = items.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    growth.push({ customers: viralPhases.reduce((n, p) => n + p.ok, 0), largest, byKind });
  }
  const viralPhase: Phase = {
    calls: viralPhases.flatMap((p) => p.calls),
    ok: viralPhases.reduce((n, p) => n + p.ok, 0),
    requests: viralPhases.reduce((n, p) => n + p.requests, 0),
    seconds: viralPhases.reduce((n, p) => n + p.seconds, 0),
  };

  process.stderr.write('capacity: sweeps once, dashboards and reports once\n');
  const sweepPhase = await phase(
    async () => {
      const statuses: number[] = [];
      for (const sweep of SWEEPS) {
        const mod = (await import(pathToFileURL(resolve(REPO_ROOT, sweep.entry)).href)) as {
          handler: () => Promise<unknown>;
        };
        statuses.push(
          await mod.handler().then(
            () => 200,
            () => 500,
          ),
        );
      }
      return statuses;
    },
    (s) => s === 200,
  );
  const month = day.slice(0, 7);
  const dashboardPaths = [
    '/api/reservations/integration/stats/overview',
    '/api/customers/stats/overview',
    '/api/inventory/items/stats/overview',
    '/api/payments/stats/overview',
    '/api/reservations/integration/all?kind=ITEM',
    `/api/reports/revenue?startDate=${month}-01&endDate=${day}`,
    `/api/reports/daily-log?date=${day}`,
  ];
  const readers = [...tenants, viral];
  const readPhase = await phase(
    () =>
      inParallel(readers.length * dashboardPaths.length, (i) =>
        send(
          ctx,
          'GET',
          dashboardPaths[i % dashboardPaths.length]!,
          readers[Math.floor(i / dashboardPaths.length)]!.token,
        ),
      ),
    (s) => s === 200,
  );

  const all = [publicPhase, staffPhase, viralPhase, sweepPhase, readPhase].flatMap((p) => p.calls);
  const total = units(all);
  const allWrites = total.wru;
  const tableKeys = busiest(all, 'table');
  const gsi1Keys = busiest(all, 'gsi1');
  const gsi2Keys = busiest(all, 'gsi2');
  const hot = (list: [string, number][]) => {
    const [key, wru] = list[0] ?? ['', 0];
    // The key's units in the viral phase per viral booking, at the rates a viral link may reach.
    const viralWru = busiest(viralPhase.calls, list === tableKeys ? 'table' : list === gsi1Keys ? 'gsi1' : 'gsi2').find(
      ([k]) => k === key,
    )?.[1];
    const perViralBooking = (viralWru ?? 0) / Math.max(1, viralPhase.ok);
    const share = allWrites ? wru / allWrites : 0;
    return {
      key,
      wru,
      shareOfAllWrites: round(share, 3),
      wruPerSecondInScenario: round((viralWru ?? 0) / Math.max(0.001, viralPhase.seconds), 1),
      wruPerViralBooking: round(perViralBooking),
      wruPerSecondAtViralRates: Object.fromEntries(
        Object.entries(VIRAL_RATES).map(([name, rate]) => [name, round(perViralBooking * rate, 1)]),
      ),
      underPartitionLimitAtLinkLimit: perViralBooking * VIRAL_RATES.perLinkLimit <= PARTITION_WRU_LIMIT,
      next: list.slice(1, 4).map(([k, n]) => ({ key: k, shareOfAllWrites: round(allWrites ? n / allWrites : 0, 3) })),
      pass: share <= TARGETS.keyShare,
    };
  };

  const finalItems = await scanSizes();
  const largest = finalItems.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const largestByKind: Record<string, number> = {};
  for (const it of finalItems) largestByKind[kindOf(it)] = Math.max(largestByKind[kindOf(it)] ?? 0, it.bytes);
  const topKinds = Object.entries(largestByKind)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8);

  // Growth per distinct customer of each kind's largest item between the first and last checkpoints,
  // extrapolated to 5,000 customers in the day: the fastest-growing kind decides the target.
  const first = growth[0]!;
  const last = growth.at(-1)!;
  const perCustomer = Object.entries(last.byKind).map(([kind, bytes]) => {
    const slope = (bytes - (first.byKind[kind] ?? 0)) / Math.max(1, last.customers - first.customers);
    return { kind, bytesAtLast: bytes, bytesPerCustomer: round(Math.max(0, slope), 1) };
  });
  const fastest = perCustomer.sort((a, b) => b.bytesPerCustomer - a.bytesPerCustomer)[0]!;
  const at5000 = Math.round(fastest.bytesAtLast + fastest.bytesPerCustomer * (TARGETS.customers - last.customers));
  const repday = perCustomer.find((p) => p.kind === 'REPDAY');

  const pub = perRequest(publicPhase);
  const staff = perRequest(staffPhase);
  const viralPer = perRequest(viralPhase);
  const worstBooking = Math.max(pub.wru, staff.wru, viralPer.wru);
  const writeCalls = all.filter((c) => c.writes.length && !c.failed && c.localUnits !== undefined);
  const crossCheck = (transactional: boolean) => {
    const list = writeCalls.filter((c) => c.transactional === transactional);
    const ours = list.reduce((s, c) => s + c.writes.reduce((t, w) => t + w.units, 0), 0);
    const local = list.reduce((s, c) => s + (c.localUnits ?? 0), 0);
    return {
      calls: list.length,
      computedWru: ours,
      localReportedWru: local,
      ratio: ours ? round(local / ours, 3) : null,
    };
  };

  return {
    scenario: {
      tenants: TENANTS,
      publicBookingsEach: PUBLIC_EACH,
      staffReservationsEach: STAFF_EACH,
      viralBookings: VIRAL,
      day,
      dynamoCalls: all.length,
      failedCalls: all.filter((c) => c.failed).length,
      wru: round(total.wru),
      rru: round(total.rru),
    },
    perBooking: {
      public: pub,
      staff,
      viralPublic: { ...viralPer, bookingsPerSecond: round(viralPhase.ok / Math.max(0.001, viralPhase.seconds), 1) },
      targetWru: TARGETS.bookingWru,
      pass: worstBooking <= TARGETS.bookingWru && pub.succeeded > 0 && staff.succeeded > 0 && viralPer.succeeded > 0,
    },
    sweepsOnce: {
      ...units(sweepPhase.calls),
      calls: sweepPhase.calls.length,
      sweeps: sweepPhase.requests,
      failed: sweepPhase.requests - sweepPhase.ok,
    },
    dashboardsOnce: {
      readsPerTenant: round(units(readPhase.calls).rru / readers.length),
      callsPerTenant: round(readPhase.calls.length / readers.length, 1),
      requests: readPhase.requests,
      succeeded: readPhase.ok,
    },
    busiestKey: {
      table: hot(tableKeys),
      gsi1: hot(gsi1Keys),
      gsi2: hot(gsi2Keys),
      partitionLimitWru: PARTITION_WRU_LIMIT,
    },
    largestItem: {
      bytes: largest.bytes,
      kind: kindOf(largest),
      largestByKind: Object.fromEntries(topKinds),
      growth: growth.map((g) => ({ customers: g.customers, largestBytes: g.largest.bytes, kind: kindOf(g.largest) })),
      fastestGrowing: { ...fastest, customers: last.customers, bytesAt5000Customers: at5000 },
      repday: repday
        ? {
            ...repday,
            bytesAt5000Customers: Math.round(
              repday.bytesAtLast + repday.bytesPerCustomer * (TARGETS.customers - last.customers),
            ),
          }
        : null,
      targetBytes: TARGETS.itemBytesAt5000,
      pass: at5000 <= TARGETS.itemBytesAt5000 && largest.bytes <= TARGETS.itemBytesAt5000,
    },
    crossCheckWithDynamoDbLocal: { single: crossCheck(false), transactions: crossCheck(true) },
  };
}

export const measures: BenchMeasure[] = [
  {
    name: 'capacity',
    description: `capacity model: ${TENANTS} tenants plus one viral (${VIRAL} bookings): WRU/RRU per booking, busiest keys, largest item`,
    needsRuntime: true,
    measure: (ctx) => (ctx ? measureCapacity(ctx) : Promise.resolve(undefined)),
  },
];
