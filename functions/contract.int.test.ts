import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteContract, type RouteId } from '../shared/contract/index.js';
import { call, useTestTable } from './testing/harness.js';
import { sessionFor, type TestSession } from './testing/fixtures.js';
import { isolationFixtures } from './testing/isolation-fixtures.js';

/** Path values that pass each parameter's schema but name nothing that exists. */
const sampleParam: Record<string, () => string> = {
  id: () => randomUUID(),
  docId: () => randomUUID(),
  reservationId: () => randomUUID(),
  module: () => 'inventory',
  name: () => 'organization-invitation',
  token: () => 'Zm9yZ2VkLXNoYXJlLXRva2VuLW5vdC1yZWFs',
  baseKey: () => 'no-such-photo',
  entryId: () => randomUUID(),
  deliveryId: () => randomUUID(),
};

function concretePath(r: RouteContract, params?: Record<string, string>): string {
  return r.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params?.[n] ?? sampleParam[n]!()));
}

let platform: TestSession;
let tenantA: TestSession;
let tenantB: TestSession;

beforeAll(async () => {
  await useTestTable();
  platform = await sessionFor({ role: 'SUPER_ADMIN' });
  tenantA = await sessionFor({ role: 'BUSINESS_ADMIN' });
  tenantB = await sessionFor({ role: 'BUSINESS_ADMIN' });
});

describe('every contract route answers', () => {
  it.each(routes.map((r) => [r.id, r] as const))('%s: never a 5xx other than 501, always JSON', async (_id, r) => {
    const token = r.access === 'platform' ? platform.token : r.access === 'user' ? tenantA.token : undefined;
    const res = await call(r.method, concretePath(r), {
      token,
      body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
    });
    expect(res.status === 501 || res.status < 500, `${r.id} answered ${res.status}: ${res.raw}`).toBe(true);
    expect(res.headers['content-type'] ?? 'application/json').toMatch(/json|text\/event-stream|text\/csv/);
    if (res.status === 501) expect(res.body).toMatchObject({ error: 'NotImplemented' });
  });

  it.each(routes.filter((r) => r.access !== 'public').map((r) => [r.id, r] as const))(
    '%s: refuses a caller without a token (401)',
    async (_id, r) => {
      const res = await call(r.method, concretePath(r));
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Unauthorized');
    },
  );

  it.each(routes.filter((r) => r.access === 'user').map((r) => [r.id, r] as const))(
    '%s: refuses the platform admin, who has no tenant (403)',
    async (_id, r) => {
      const res = await call(r.method, concretePath(r), { token: platform.token });
      expect(res.status).toBe(403);
    },
  );

  it.each(routes.filter((r) => r.access === 'platform').map((r) => [r.id, r] as const))(
    '%s: refuses tenant users (403)',
    async (_id, r) => {
      const res = await call(r.method, concretePath(r), { token: tenantA.token });
      expect(res.status).toBe(403);
    },
  );
});

describe('tenant isolation', () => {
  const tenantRoutes = routes.filter((r) => r.access === 'user');

  it.each(tenantRoutes.map((r) => [r.id, r] as const))(
    "%s: tenant B cannot see or touch tenant A's data",
    async (id, r) => {
      const fixture = isolationFixtures[id as RouteId];
      if (!fixture) {
        // Not built yet: the route must say so, for A and B alike. Once built, it needs a fixture.
        const res = await call(r.method, concretePath(r), {
          token: tenantB.token,
          body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
        });
        expect(res.status, `${id} is built: add an isolation fixture in functions/testing/isolation-fixtures.ts`).toBe(
          501,
        );
        return;
      }
      const asB = await fixture(tenantA);
      const byB = await call(
        r.method,
        concretePath(r, asB.params) + (asB.query ? `?${new URLSearchParams(asB.query)}` : ''),
        { token: tenantB.token, body: asB.body, headers: asB.headers, rawBody: asB.rawBody },
      );
      if (byB.status < 300)
        for (const s of asB.secrets) expect(byB.raw, `${id} leaked ${s} to tenant B`).not.toContain(s);
      else expect([403, 404]).toContain(byB.status);

      // The control: the same call as A, on A's fresh data, works and does show it.
      const asA = await fixture(tenantA);
      const byA = await call(
        r.method,
        concretePath(r, asA.params) + (asA.query ? `?${new URLSearchParams(asA.query)}` : ''),
        { token: tenantA.token, body: asA.body, headers: asA.headers, rawBody: asA.rawBody },
      );
      expect(byA.status, `${id} as its owner: ${byA.raw}`).toBeLessThan(300);
      // A read must show its owner what it hid from B, or the refusal above proves nothing.
      if (r.method === 'GET')
        for (const s of asA.secrets) expect(byA.raw, `${id} did not show its owner ${s}`).toContain(s);
    },
  );
});
