import { randomUUID } from 'node:crypto';
import { routes } from '../../../shared/contract/index.js';
import { keys, trustedTenant } from '../../lib/keys.js';
import { metering, setMeteringEnabled } from '../../lib/metering.js';
import { startState } from '../../lib/middlewares/types.js';
import { newTenant, putRows } from './helpers.js';
import type { BenchCase, BenchMeasure } from './types.js';

export const cases: BenchCase[] = [
  {
    name: 'authenticatedRead',
    description: 'GET /api/platform/invitations with the admin token (verify token → one query)',
    request: async ({ url, admin }) => ({
      url: `${url}/api/platform/invitations`,
      method: 'GET',
      headers: { authorization: `Bearer ${admin.token}` },
    }),
  },
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

/** One autocannon run of a request; latency in ms (p50 is whole ms in autocannon's histogram, mean has decimals). */
async function load(req: { url: string; headers: Record<string, string> }, seconds: number) {
  const { default: autocannon } = await import('autocannon');
  const r = await autocannon({ ...req, method: 'GET', connections: 10, duration: seconds, timeout: 10 });
  return {
    p50: r.latency.p50,
    mean: round(r.latency.mean, 2),
    rps: Math.round(r.requests.average),
    non2xx: r.non2xx + r.errors,
  };
}

export const measures: BenchMeasure[] = [
  {
    name: 'meteringCost',
    description:
      'A tenant API read (GET /api/inventory/product-types) with usage metering off and on, alternated 3 times, plus the middleware alone in-process',
    measure: async (ctx) => {
      const token = await newTenant(ctx!, 'metering');
      const req = { url: `${ctx!.url}/api/inventory/product-types`, headers: { authorization: `Bearer ${token}` } };
      const seconds = Number(process.env.BENCH_SECONDS ?? 5);
      await load(req, 1); // warm-up
      const off: Awaited<ReturnType<typeof load>>[] = [];
      const on: Awaited<ReturnType<typeof load>>[] = [];
      try {
        for (let i = 0; i < 3; i++) {
          setMeteringEnabled(false);
          off.push(await load(req, seconds));
          setMeteringEnabled(true);
          on.push(await load(req, seconds));
        }
      } finally {
        setMeteringEnabled(true);
      }
      // The middleware alone: before + after on a tenant request with its pipeline state, 200 000 times
      // (the tally only; flushes happen at most every 30 s, after a response, awaited by no request).
      const m = metering();
      const route = routes.find((r) => r.id === 'inventory.listProductTypes') ?? routes[0]!;
      const n = 200_000;
      const events = Array.from({ length: n }, () => {
        const event = { requestContext: {} } as never;
        startState(event, {
          route,
          requestId: 'bench',
          sourceIp: '127.0.0.1',
          auth: null,
          tenant: 'benchtenant' as never,
        });
        return { event, context: {}, response: { statusCode: 200 } } as never;
      });
      const t0 = performance.now();
      for (const request of events) {
        (m.before as (r: unknown) => void)(request);
        (m.after as (r: unknown) => void)(request);
      }
      const perCallUs = round(((performance.now() - t0) / n) * 1000, 2);
      const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
      return {
        withoutMetering: { p50Ms: med(off.map((r) => r.p50)), meanMs: med(off.map((r) => r.mean)), runs: off },
        withMetering: { p50Ms: med(on.map((r) => r.p50)), meanMs: med(on.map((r) => r.mean)), runs: on },
        p50DeltaMs: med(on.map((r) => r.p50)) - med(off.map((r) => r.p50)),
        // the quietest run of each (least disturbed by other load on the machine)
        bestP50DeltaMs: Math.min(...on.map((r) => r.p50)) - Math.min(...off.map((r) => r.p50)),
        meanDeltaMs: round(med(on.map((r) => r.mean)) - med(off.map((r) => r.mean)), 2),
        middlewareAloneUsPerRequest: perCallUs,
      };
    },
  },
  {
    name: 'tenantList200',
    description:
      'GET /api/platform/tenants/metrics with 200 tenants (each: organization row, 3 users, 4 STATS rows), 20 sequential reads',
    measure: async (ctx) => {
      const rows: Record<string, unknown>[] = [];
      const createdAt = new Date().toISOString();
      for (let i = 0; i < 200; i++) {
        const id = `bench${randomUUID().replace(/-/g, '').slice(0, 12)}`;
        const pk = `T#${id}`;
        rows.push({
          pk,
          sk: 'ORG',
          id,
          name: `Bench tenant ${i}`,
          subdomain: `bench-${i}-${id.slice(-4)}`,
          status: 'ACTIVE',
          createdAt,
          ...keys.organizationsIndex(trustedTenant(id)),
          gsi1sk: `${createdAt}#${id}`,
        });
        const ids = Array.from({ length: 3 }, () => randomUUID());
        for (const [u, uid] of ids.entries())
          rows.push({
            pk,
            sk: `USER#${uid}`,
            // A whole user row (functions/auth/entity.ts): the tenant page parses what it reads.
            id: uid,
            username: `bench-${u}@${id}.example`,
            email: `bench-${u}@${id}.example`,
            role: 'EMPLOYEE',
            accessLevel: 'EMPLOYEE',
            organizationId: id,
            status: 'ACTIVE',
            createdAt,
            isActive: true,
            lastLoginAt: createdAt,
            firstName: 'B',
            lastName: `${u}`,
          });
        rows.push({ pk, sk: 'STATS#users', total: 3, activeDay: createdAt.slice(0, 10), activeUserIds: new Set(ids) });
        rows.push(
          { pk, sk: 'STATS#inventory', total: 10 + i },
          { pk, sk: 'STATS#reservations', active: i % 7, overdue: i % 3 },
          { pk, sk: 'STATS#customers', total: i },
        );
      }
      await putRows(rows);
      const url = `${ctx!.url}/api/platform/tenants/metrics`;
      const headers = { authorization: `Bearer ${ctx!.admin.token}` };
      const once = async () => {
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        const body = (await res.json()) as { tenants?: unknown[] };
        if (!res.ok) throw new Error(`tenant list answered ${res.status}`);
        return { ms: performance.now() - t0, tenants: body.tenants?.length ?? 0, bytes: JSON.stringify(body).length };
      };
      await once();
      await once();
      const runs: Awaited<ReturnType<typeof once>>[] = [];
      for (let i = 0; i < 20; i++) runs.push(await once());
      const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
      return {
        tenants: runs[0]!.tenants,
        p50Ms: round(pct(ms, 50), 1),
        p95Ms: round(pct(ms, 95), 1),
        maxMs: round(ms.at(-1)!, 1),
        responseBytes: runs[0]!.bytes,
      };
    },
  },
];
