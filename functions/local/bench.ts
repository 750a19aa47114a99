import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Result } from 'autocannon';
import { json } from './bench/helpers.js';
import type { BenchCase, BenchContext, BenchMeasure, CaseResult } from './bench/types.js';

/**
 * `npm run bench`: request latency and throughput against the local runtime (handlers + DynamoDB
 * Local on this machine), loopback only, bounded time, plus measures (bundle sizes, ratios). Prints
 * one JSON object on stdout: a key per case or measure; progress goes to stderr.
 * Each HTTP case runs one unmeasured warm-up second first.
 * Env: BENCH_SECONDS (5 per case), BENCH_CONNECTIONS (10), BENCH_CASES (comma list of case or
 * measure names, default all), BENCH_DIST (the SPA build to serve and measure, default web/dist),
 * CHROME_PATH (the browser Lighthouse drives, default /usr/bin/chromium).
 *
 * Cases live per area in `functions/local/bench/<area>.ts` (see bench/types.ts): a new file is
 * picked up without touching this one.
 */
export type { BenchCase, BenchContext, BenchMeasure, CaseResult };

const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), 'bench');
const NOT_CASE_FILES = new Set(['types.ts', 'helpers.ts']);

async function loadBenchFiles(): Promise<{ cases: BenchCase[]; measures: BenchMeasure[] }> {
  const files = readdirSync(BENCH_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !NOT_CASE_FILES.has(f))
    .sort();
  const cases: BenchCase[] = [];
  const measures: BenchMeasure[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(BENCH_DIR, f)).href)) as {
      cases?: BenchCase[];
      measures?: BenchMeasure[];
    };
    cases.push(...(mod.cases ?? []));
    measures.push(...(mod.measures ?? []));
  }
  const names = [...cases, ...measures].map((c) => c.name);
  const dup = names.filter((n, i) => names.indexOf(n) !== i);
  if (dup.length)
    throw new Error(`Bench names must be unique across functions/local/bench/*.ts: ${[...new Set(dup)].join(', ')}`);
  // login first: it was always the first case and the others do not depend on order.
  cases.sort((a, b) => Number(b.name === 'login') - Number(a.name === 'login'));
  return { cases, measures };
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
  const only = process.env.BENCH_CASES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const all = await loadBenchFiles();
  const known = [...all.cases, ...all.measures].map((c) => c.name);
  const unknown = only?.filter((n) => !known.includes(n)) ?? [];
  if (unknown.length) throw new Error(`Unknown bench case(s): ${unknown.join(', ')}. Known: ${known.join(', ')}`);
  const cases = only ? all.cases.filter((c) => only.includes(c.name)) : all.cases;
  const measures = only ? all.measures.filter((m) => only.includes(m.name)) : all.measures;
  const needsRuntime = cases.length > 0 || measures.some((m) => m.needsRuntime !== false);

  const results: Record<string, unknown> = {};
  let ctx: BenchContext | undefined;
  let stop = async () => {};
  if (needsRuntime) {
    const { startLocalRuntime } = await import('./runtime.js');
    const { ensureAdmin, loadOnboarding } = await import('./bootstrap.js');
    const { JAVA_MISSING, javaAvailable } = await import('./dynamodb-local.js');
    if (!javaAvailable()) throw new Error(JAVA_MISSING);
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
    delete process.env.TOKEN_SIGNING_KEY;
    // BENCH_DIST: another build of the SPA than web/dist (web/bench/bundle-size.ts reads the same).
    const rt = await startLocalRuntime({ port: 0, dataDir, sweeps: [], webDist: process.env.BENCH_DIST });
    stop = async () => {
      await rt.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      const email = 'bench-admin@platform.local';
      const password = 'bench-password-0123456789';
      await ensureAdmin(dataDir, email, password, await loadOnboarding());
      const login = await fetch(`${rt.url}/api/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: email, password }),
      });
      const token = login.ok ? ((await login.json()) as { token?: string }).token : undefined;
      if (!token)
        throw new Error(`The bench admin could not sign in (${login.status}): ${await login.text().catch(() => '')}`);
      ctx = { url: rt.url, admin: { email, password, token } };
    } catch (e) {
      await stop();
      throw e;
    }
  }
  try {
    if (cases.length) {
      const { default: autocannon } = await import('autocannon');
      for (const c of cases) {
        process.stderr.write(`bench ${c.name}: ${c.description} (${seconds}s, ${connections} connections)\n`);
        const req = await c.request(ctx!);
        // An unmeasured second first: the first case would otherwise also pay for JIT and cold caches.
        await autocannon({ ...req, connections, duration: 1, timeout: 10 });
        results[c.name] = summarise(await autocannon({ ...req, connections, duration: seconds, timeout: 10 }));
      }
    }
    for (const m of measures) {
      process.stderr.write(`bench ${m.name}: ${m.description}\n`);
      const value = await m.measure(ctx, results);
      if (value !== undefined) results[m.name] = value;
    }
    process.stdout.write(JSON.stringify(results, null, 2) + '\n');
  } finally {
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
