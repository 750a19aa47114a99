import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Options, Result } from 'autocannon';

/**
 * `npm run bench`: request latency and throughput against the local runtime (handlers + DynamoDB
 * Local on this machine), loopback only, bounded time. Prints one JSON object: a key per case.
 * Each case runs one unmeasured warm-up second first.
 * Env: BENCH_SECONDS (5 per case), BENCH_CONNECTIONS (10), BENCH_CASES (comma list, default all).
 *
 * A new case is one entry in CASES: it gets the running URL and a signed-in platform admin, and
 * returns the request autocannon repeats (it may first create the rows it reads).
 */
interface BenchContext {
  url: string;
  admin: { email: string; password: string; token: string };
}
interface BenchCase {
  name: string;
  description: string;
  request(ctx: BenchContext): Promise<Pick<Options, 'url' | 'method' | 'headers' | 'body'>>;
}

const json = { 'content-type': 'application/json' };

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A tenant (invitation, sign-up, owner sign-in) holding `items` inventory items, made once per size. */
const inventoryTenants = new Map<number, Promise<string>>();
function inventoryTenant(ctx: BenchContext, items: number): Promise<string> {
  let made = inventoryTenants.get(items);
  if (!made) {
    made = (async () => {
      const email = `bench-owner-${items}-${Date.now()}@example.com`;
      const password = 'Bench-Owner-Pass-1';
      const { invitation } = await post<{ invitation: { inviteUrl: string } }>(`${ctx.url}/api/platform/invitations`, { firstName: 'Bench', lastName: 'Owner', email }, ctx.admin.token);
      const token = new URL(invitation.inviteUrl).searchParams.get('token');
      await post(`${ctx.url}/api/signup/complete`, { token, organizationName: `Bench ${items}`, phone: '(555) 000-0000', password, confirmPassword: password });
      const owner = (await post<{ token: string }>(`${ctx.url}/api/auth/login`, { username: email, password })).token;
      const type = await post<{ id: string }>(`${ctx.url}/api/inventory/product-types`, { name: 'Golf Cart', category: 'Carts' }, owner);
      for (let start = 0; start < items; start += 100) {
        const batch = Array.from({ length: Math.min(100, items - start) }, (_, i) => ({ itemId: `GC-${String(start + i + 1).padStart(5, '0')}` }));
        await post(`${ctx.url}/api/inventory/bulk/create`, { productTypeId: type.id, items: batch }, owner);
      }
      return owner;
    })();
    inventoryTenants.set(items, made);
  }
  return made;
}

const CASES: BenchCase[] = [
  {
    name: 'login',
    description: 'POST /api/auth/login with the right password (password hashing dominates)',
    request: async ({ url, admin }) => ({ url: `${url}/api/auth/login`, method: 'POST', headers: json, body: JSON.stringify({ username: admin.email, password: admin.password }) }),
  },
  {
    name: 'authenticatedRead',
    description: 'GET /api/platform/invitations with the admin token (verify token → one query)',
    request: async ({ url, admin }) => ({ url: `${url}/api/platform/invitations`, method: 'GET', headers: { authorization: `Bearer ${admin.token}` } }),
  },
  {
    name: 'inventoryItemsPage5000',
    description: 'GET /api/inventory/items (first page of 25) for a tenant with 5,000 items',
    request: async (ctx) => ({ url: `${ctx.url}/api/inventory/items?limit=25`, method: 'GET', headers: { authorization: `Bearer ${await inventoryTenant(ctx, 5000)}` } }),
  },
  {
    name: 'inventoryItemsLoad5000',
    description: 'GET /api/inventory/items?limit=1000 (one of the pages the inventory page loads) for a tenant with 5,000 items',
    request: async (ctx) => ({ url: `${ctx.url}/api/inventory/items?limit=1000`, method: 'GET', headers: { authorization: `Bearer ${await inventoryTenant(ctx, 5000)}` } }),
  },
  {
    name: 'inventoryStats100',
    description: 'GET /api/inventory/items/stats/overview for a tenant with 100 items',
    request: async (ctx) => ({ url: `${ctx.url}/api/inventory/items/stats/overview`, method: 'GET', headers: { authorization: `Bearer ${await inventoryTenant(ctx, 100)}` } }),
  },
  {
    name: 'inventoryStats5000',
    description: 'GET /api/inventory/items/stats/overview for a tenant with 5,000 items (counters: should match the 100-item case)',
    request: async (ctx) => ({ url: `${ctx.url}/api/inventory/items/stats/overview`, method: 'GET', headers: { authorization: `Bearer ${await inventoryTenant(ctx, 5000)}` } }),
  },
];

export interface CaseResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  requests: number;
}

const summarise = (r: Result): CaseResult => ({
  p50: r.latency.p50,
  p99: r.latency.p99,
  rps: Math.round(r.requests.average * 10) / 10,
  // Refused requests count as errors too: a bench of 401s would measure nothing.
  errors: r.errors + r.timeouts + r.non2xx,
  requests: r.requests.total,
});

async function main(): Promise<void> {
  // Quiet handlers: a log line per request would measure the terminal. Set before any handler loads.
  process.env.LOG_LEVEL ??= 'ERROR';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const only = process.env.BENCH_CASES?.split(',').map((s) => s.trim()).filter(Boolean);
  const cases = only ? CASES.filter((c) => only.includes(c.name)) : CASES;
  const unknown = only?.filter((n) => n !== 'webBundle' && !CASES.some((c) => c.name === n)) ?? [];
  if (unknown.length) throw new Error(`Unknown bench case(s): ${unknown.join(', ')}. Known: ${CASES.map((c) => c.name).join(', ')}`);

  const { default: autocannon } = await import('autocannon');
  const { startLocalRuntime } = await import('./runtime.js');
  const { ensureAdmin, loadOnboarding } = await import('./bootstrap.js');
  const { JAVA_MISSING, javaAvailable } = await import('./dynamodb-local.js');
  if (!javaAvailable()) throw new Error(JAVA_MISSING);

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  delete process.env.TOKEN_SIGNING_KEY;
  const rt = await startLocalRuntime({ port: 0, dataDir, sweeps: [] });
  try {
    const email = 'bench-admin@platform.local';
    const password = 'bench-password-0123456789';
    await ensureAdmin(dataDir, email, password, await loadOnboarding());
    const login = await fetch(`${rt.url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, password }) });
    const token = login.ok ? ((await login.json()) as { token?: string }).token : undefined;
    if (!token) throw new Error(`The bench admin could not sign in (${login.status}): ${await login.text().catch(() => '')}`);
    const ctx: BenchContext = { url: rt.url, admin: { email, password, token } };

    const results: Record<string, unknown> = {};
    for (const c of cases) {
      process.stderr.write(`bench ${c.name}: ${c.description} (${seconds}s, ${connections} connections)\n`);
      const req = await c.request(ctx);
      // An unmeasured second first: the first case would otherwise also pay for JIT and cold caches.
      await autocannon({ ...req, connections, duration: 1, timeout: 10 });
      results[c.name] = summarise(await autocannon({ ...req, connections, duration: seconds, timeout: 10 }));
    }
    const small = results.inventoryStats100 as CaseResult | undefined;
    const large = results.inventoryStats5000 as CaseResult | undefined;
    if (small && large) results.inventoryStatsP50Ratio5000to100 = Math.round((large.p50 / Math.max(small.p50, 0.001)) * 100) / 100;

    // The SPA's first-route JS (document budget: landing and sign-in ≤ 200 KB gzip), from the build
    // `npm run bench` makes first.
    if (!only || only.includes('webBundle')) {
      const { measureBundle } = await import('../../web/bench/bundle-size.js');
      results.webBundle = await measureBundle();
    }
    process.stdout.write(JSON.stringify(results, null, 2) + '\n');
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
