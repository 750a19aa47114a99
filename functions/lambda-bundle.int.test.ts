import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, REPO_ROOT } from '../infra/bundle.mjs';
import { AREAS, routes } from '../shared/contract/index.js';
import { matchRoute } from '../shared/contract/match.js';
import { toApiGatewayEvent } from './local/api-gateway-event.js';
import { sessionFor, type TestSession } from './testing/fixtures.js';
import { useTestTable } from './testing/harness.js';

/**
 * The deployed shape of an API function (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md, lean Lambdas): the area's bundle from
 * infra/bundle.mjs, run in a fresh Node process against DynamoDB Local: a create (an audited
 * TransactWriteItems through lib-dynamodb) and the list that reads it back.
 * - as deployed (SDK bundled): the code asset alone, no node_modules anywhere above it;
 * - with the runtime's SDK: the bundle in `task/` under a directory whose `node_modules` holds only
 *   `@aws-sdk`, as /var/runtime/node_modules does on Lambda.
 */
const root = mkdtempSync(join(tmpdir(), 'lambda-bundle-'));
const alone = mkdtempSync(join(tmpdir(), 'lambda-bundle-alone-'));
const task = join(root, 'task');
let session: TestSession;

beforeAll(async () => {
  await useTestTable();
  session = await sessionFor({ role: 'BUSINESS_ADMIN' });
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules', '@aws-sdk'), join(root, 'node_modules', '@aws-sdk'));
  await bundle('functions/inventory/handler.ts', task, { sdk: 'runtime' });
  await bundle('functions/inventory/handler.ts', join(alone, 'inventory'), { sdk: 'bundled' });
}, 120_000);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(alone, { recursive: true, force: true });
});

function event(method: string, path: string, body?: unknown) {
  const match = matchRoute(method, path);
  if (!match) throw new Error(`no route ${method} ${path}`);
  const headers: Record<string, string> = { authorization: `Bearer ${session.token}`, 'user-agent': 'bundle-test' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return toApiGatewayEvent(
    { method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    match,
  );
}

/** Runs the bundled handler in `dir` on `events` in order, in a fresh Node process; returns status and parsed body of each. */
function invokeBundle(events: unknown[], dir = task): { statusCode: number; body: any }[] {
  const input = join(root, 'events.json');
  writeFileSync(input, JSON.stringify(events));
  const script = [
    "import { readFileSync } from 'node:fs';",
    `const { handler } = await import('./index.mjs');`,
    `const out = [];`,
    `for (const e of JSON.parse(readFileSync(${JSON.stringify(input)}, 'utf8'))) {`,
    `  const r = await handler(e, { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 29000 });`,
    `  out.push({ statusCode: r.statusCode, body: r.body ? JSON.parse(r.body) : null });`,
    `}`,
    `process.stdout.write(JSON.stringify(out));`,
  ].join('\n');
  writeFileSync(join(dir, 'invoke.mjs'), script);
  // The test's environment carries the table, DynamoDB Local's endpoint and the signing key.
  const stdout = execFileSync(process.execPath, [join(dir, 'invoke.mjs')], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: 60_000,
  });
  return JSON.parse(stdout);
}

describe('an API bundle as Lambda runs it', () => {
  it.each([
    ['SDK bundled (deployed)', () => join(alone, 'inventory')],
    ["the runtime's SDK", () => task],
  ])('%s: authenticates, writes through the SDK and reads back', (_, where) => {
    const name = `Bundle kayaks ${Date.now()}`;
    const [created, listed, unauthenticated] = invokeBundle(
      [
        event('POST', '/api/inventory/product-types', { name, category: 'Kayaks' }),
        event('GET', '/api/inventory/product-types'),
        { ...event('GET', '/api/inventory/product-types'), headers: { 'user-agent': 'bundle-test' } },
      ],
      where(),
    );
    expect(created!.statusCode, JSON.stringify(created!.body)).toBe(201);
    expect(created!.body.name).toBe(name);
    expect(listed!.statusCode).toBe(200);
    expect(JSON.stringify(listed!.body)).toContain(name);
    expect(unauthenticated!.statusCode).toBe(401);
  });

  // Each area's bundle carries only its own contract route groups (infra/bundle.mjs areaContract): every
  // area's handler must still know its routes. A signed-in route called without a token answers 401
  // from authentication (a route the bundle did not know would answer 404); an area with only
  // public routes answers its first GET itself.
  it.each(AREAS.filter((a) => a !== 'inventory'))(
    '%s: the bundle loads and answers one of its own routes',
    async (area) => {
      const signedIn =
        routes.find((x) => x.area === area && x.access !== 'public' && x.method === 'GET' && !x.path.includes('{')) ??
        routes.find((x) => x.area === area && x.access !== 'public');
      // An area with public routes only: its first GET answers from the bundle (DynamoDB Local).
      const r = signedIn ?? routes.find((x) => x.area === area && x.method === 'GET' && !x.path.includes('{'))!;
      const dir = join(alone, area);
      await bundle(`functions/${area}/handler.ts`, dir);
      const path = r.path.replace(/\{(\w+)\}/g, 'x');
      const match = matchRoute(r.method, path);
      const e = toApiGatewayEvent({ method: r.method, path, headers: { 'user-agent': 'bundle-test' } }, match!);
      const [res] = invokeBundle([e], dir);
      if (signedIn) expect(res!.statusCode, `${r.id}: ${JSON.stringify(res!.body)}`).toBe(401);
      else {
        // The route answered itself (its own 2xx or 4xx), not the pipeline's "No route" 404 or a crash.
        expect(res!.statusCode, `${r.id}: ${JSON.stringify(res!.body)}`).toBeLessThan(500);
        expect(String(res!.body?.message ?? ''), r.id).not.toMatch(/^No route/);
      }
    },
    120_000,
  );

  // The health bundle carries only the health routes; the OpenAPI document (loaded on first use) gets
  // the whole contract (infra/bundle.mjs WHOLE_CONTRACT_IMPORTERS): every route must be in it.
  it('health: the bundle serves the OpenAPI document of every route', async () => {
    const dir = join(alone, 'health-openapi');
    await bundle('functions/health/handler.ts', dir);
    const r = routes.find((x) => x.id === 'health.openapi')!;
    const e = toApiGatewayEvent(
      { method: r.method, path: r.path, headers: { 'user-agent': 'bundle-test' } },
      matchRoute(r.method, r.path)!,
    );
    const [res] = invokeBundle([e], dir);
    expect(res!.statusCode, JSON.stringify(res!.body).slice(0, 300)).toBe(200);
    const doc = res!.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.1/);
    const operations = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    expect(operations).toBe(routes.length);
  }, 120_000);
});
