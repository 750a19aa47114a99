import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { seedManyCustomers, type SeedCustomer } from '../../customers/fixtures.js';
import { db } from '../../lib/db.js';
import { trustedTenant, type TenantId } from '../../lib/keys.js';
import { liveEventPut } from '../../lib/live-events.js';
import { newTenant } from './helpers.js';
import type { BenchCase, BenchContext, BenchMeasure, CaseResult } from './types.js';

/**
 * Customers and live updates (docs/decisions/0119-live-customers.md):
 * - customer search at 100 vs 10,000 customers (index rows, so about the same), plus the first page;
 * - event-to-client latency of the dashboard's live events: a client that behaves like EventSource
 *   against the short SSE answers (ask, read, wait the server's `retry`, ask again with the last id),
 *   while events are written at random moments; p50/p95 from commit to arrival.
 */
const tenantOf = (token: string): TenantId => trustedTenant(String(decodeJwt(token).org));

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Rosa',
  'Mary',
  'John',
  'Linus',
  'Barbara',
  'Ken',
  'Margaret',
  'Edsger',
  'Donald',
  'Frances',
  'Radia',
  'Tim',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Parks',
  'Shelley',
  'Smith',
  'Torvalds',
  'Liskov',
  'Thompson',
  'Hamilton',
  'Dijkstra',
  'Knuth',
  'Allen',
  'Perlman',
  'Lee',
];

/** `count` customers with ordinary names and phones, plus one 'Zyzzyva' (phone ending 4321) to search for. */
const customerTenants = new Map<number, Promise<string>>();
function customerTenant(ctx: BenchContext, count: number): Promise<string> {
  let made = customerTenants.get(count);
  if (!made) {
    made = (async () => {
      const token = await newTenant(ctx, `customers-${count}`);
      const list: SeedCustomer[] = Array.from({ length: count - 1 }, (_, i) => ({
        firstName: FIRST[i % FIRST.length]!,
        lastName: `${LAST[(i * 7) % LAST.length]}${i}`,
        phone: `555${String(1_000_000 + i).slice(-7)}`,
        email: `c${i}@example.com`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      }));
      list.push({ firstName: 'Zed', lastName: 'Zyzzyva', phone: '(555) 999-4321', email: 'zed@zyzzyva.example' });
      await seedManyCustomers(tenantOf(token), list);
      return token;
    })();
    customerTenants.set(count, made);
  }
  return made;
}

const search =
  (count: number, q: string): BenchCase['request'] =>
  async (ctx) => ({
    url: `${ctx.url}/api/customers?search=${encodeURIComponent(q)}`,
    method: 'GET',
    headers: { authorization: `Bearer ${await customerTenant(ctx, count)}` },
  });

export const cases: BenchCase[] = [
  {
    name: 'customersSearch100',
    description: 'GET /api/customers?search=zyzz (last-name prefix) with 100 customers',
    request: search(100, 'zyzz'),
  },
  {
    name: 'customersSearch10000',
    description: 'GET /api/customers?search=zyzz (last-name prefix) with 10,000 customers',
    request: search(10_000, 'zyzz'),
  },
  {
    name: 'customersSearchPhone10000',
    description: 'GET /api/customers?search=4321 (last 4 phone digits) with 10,000 customers',
    request: search(10_000, '4321'),
  },
  {
    name: 'customersPage10000',
    description: 'GET /api/customers (first page of 20, newest first, total from the counter) with 10,000 customers',
    request: async (ctx) => ({
      url: `${ctx.url}/api/customers`,
      method: 'GET',
      headers: { authorization: `Bearer ${await customerTenant(ctx, 10_000)}` },
    }),
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** One EventSource-like client: returns when stopped; calls onEvent with each event's payload. */
async function pollLikeEventSource(
  url: string,
  token: string,
  stop: () => boolean,
  onEvent: (payload: { n: number }) => void,
): Promise<number> {
  let lastId: string | undefined;
  let requests = 0;
  while (!stop()) {
    const res = await fetch(`${url}/api/events/dashboard?token=${encodeURIComponent(token)}`, {
      headers: lastId ? { 'last-event-id': lastId } : {},
    });
    requests++;
    const text = await res.text();
    let retry = 3000;
    for (const block of text.split('\n\n')) {
      let data: string | undefined;
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) lastId = line.slice(4);
        else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
        else if (line.startsWith('data: ')) data = line.slice(6);
      }
      if (data) onEvent((JSON.parse(data) as { payload: { n: number } }).payload);
    }
    await new Promise((r) => setTimeout(r, retry));
  }
  return requests;
}

export const measures: BenchMeasure[] = [
  {
    name: 'customersSearchP50Ratio10000to100',
    description: 'p50 of the search at 10,000 customers over 100 (index rows: within 2)',
    measure: async (_ctx, results) => {
      const small = results.customersSearch100 as CaseResult | undefined;
      const large = results.customersSearch10000 as CaseResult | undefined;
      return small && large ? Math.round((large.p50 / Math.max(small.p50, 0.001)) * 100) / 100 : undefined;
    },
  },
  {
    name: 'liveEventLatencyMs',
    description:
      'dashboard live events: commit → arrival at an EventSource-like client (short SSE answers, retry 2 s), 40 events at random moments',
    measure: async (ctx) => {
      const token = await newTenant(ctx!, 'live');
      const tenant = tenantOf(token);
      const sentAt = new Map<number, number>();
      const latencies: number[] = [];
      const seen = new Map<number, number>();
      let done = false;
      const clientStart = Date.now();
      const client = pollLikeEventSource(
        ctx!.url,
        token,
        () => done,
        ({ n }) => {
          seen.set(n, (seen.get(n) ?? 0) + 1);
          const t = sentAt.get(n);
          if (t !== undefined && seen.get(n) === 1) latencies.push(Date.now() - t);
        },
      );
      const EVENTS = 40;
      for (let n = 0; n < EVENTS; n++) {
        await new Promise((r) => setTimeout(r, 300 + Math.random() * 900));
        await db().send(new TransactWriteCommand({ TransactItems: [liveEventPut(tenant, 'stats-updated', { n })] }));
        sentAt.set(n, Date.now());
      }
      await new Promise((r) => setTimeout(r, 4_000));
      done = true;
      const requests = await client;
      latencies.sort((a, b) => a - b);
      const duplicates = [...seen.values()].filter((c) => c > 1).length;
      return {
        events: EVENTS,
        received: latencies.length,
        duplicates,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: latencies[latencies.length - 1],
        requestsPerMinute: Math.round((requests / ((Date.now() - clientStart) / 60_000)) * 10) / 10,
      };
    },
  },
];
