import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  OTHER_TENANT_ERROR,
  OTHER_TENANT_MESSAGE,
  TENANT_PATH_HEADER,
  VIEWER_HOST_HEADER,
} from '../../shared/domain/tenant-host.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { resetConfig } from './config.js';
import { ORIGIN_SECRET_HEADER, resetOriginSecret } from './origin-secret.js';

// docs/decisions/0007-one-tenant-per-host.md: a token of tenant Alpha does not work on tenant Bravo's address — its host, its
// path prefix, the live stream's Origin, or the host CloudFront forwards — and the refusal says why.
// The fixtures' organizations have their id, lower-cased, as subdomain; the app lives at localhost:3000.
const SECRET = 'origin-secret-for-tests-0123456789abcdef';
let alpha: TestSession;
let bravo: TestSession;
let admin: TestSession;
const host = (s: TestSession) => `${s.tenant.toLowerCase()}.localhost:3000`;
const customers = (s: TestSession, headers: Record<string, string> = {}) =>
  call('GET', '/api/customers', { token: s.token, headers });
const refused = { error: OTHER_TENANT_ERROR, message: OTHER_TENANT_MESSAGE };

beforeAll(async () => {
  await useTestTable();
  [alpha, bravo, admin] = await Promise.all([sessionFor(), sessionFor(), sessionFor({ role: 'SUPER_ADMIN' })]);
});

afterEach(() => {
  delete process.env.ORIGIN_SECRET;
  delete process.env.TENANT_URL_MODE;
  resetOriginSecret();
  resetConfig();
});

describe('a tenant host serves only its own tenant', () => {
  it("refuses Alpha's token through Bravo's host with a 401 that says why", async () => {
    const res = await customers(alpha, { host: host(bravo) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(refused);
  });

  it("serves Alpha's token on Alpha's host, on the platform host and with no host at all", async () => {
    expect((await customers(alpha, { host: host(alpha) })).status).toBe(200);
    expect((await customers(alpha, { host: 'localhost:3000' })).status).toBe(200);
    expect((await customers(alpha, { host: 'www.localhost:3000' })).status).toBe(200);
    expect((await customers(alpha)).status).toBe(200);
  });

  it("refuses Alpha's token under Bravo's path prefix (path mode), and a prefix that is no tenant's label", async () => {
    expect(
      await customers(alpha, { host: 'localhost:3000', [TENANT_PATH_HEADER]: bravo.tenant.toLowerCase() }),
    ).toMatchObject({ status: 401, body: refused });
    expect((await customers(alpha, { host: 'localhost:3000', [TENANT_PATH_HEADER]: 'not a label' })).status).toBe(401);
    expect(
      (await customers(alpha, { host: 'localhost:3000', [TENANT_PATH_HEADER]: alpha.tenant.toLowerCase() })).status,
    ).toBe(200);
    // A path prefix that disagrees with the host is refused too.
    expect(
      (await customers(alpha, { host: host(alpha), [TENANT_PATH_HEADER]: bravo.tenant.toLowerCase() })).status,
    ).toBe(401);
  });

  it('in path mode a host names no tenant; the path prefix still does', async () => {
    process.env.TENANT_URL_MODE = 'path';
    resetConfig();
    expect((await customers(alpha, { host: host(bravo) })).status).toBe(200);
    expect(
      (await customers(alpha, { host: 'localhost:3000', [TENANT_PATH_HEADER]: bravo.tenant.toLowerCase() })).status,
    ).toBe(401);
  });

  it("refuses the live stream's ?token= from a page on Bravo's address (its Origin)", async () => {
    const stream = (origin: string) =>
      call('GET', `/api/events/dashboard?token=${encodeURIComponent(alpha.token)}`, {
        headers: { origin, host: 'abc.lambda-url.us-east-1.on.aws' },
      });
    expect(await stream(`http://${host(bravo)}`)).toMatchObject({ status: 401, body: refused });
    expect((await stream(`http://${host(alpha)}`)).status).toBe(200);
  });

  it('the platform admin signs in on the platform host, not on a tenant host', async () => {
    expect(
      (await call('GET', '/api/platform/overview/metrics', { token: admin.token, headers: { host: 'localhost:3000' } }))
        .status,
    ).toBe(200);
    expect(
      await call('GET', '/api/platform/overview/metrics', { token: admin.token, headers: { host: host(bravo) } }),
    ).toMatchObject({ status: 401, body: refused });
  });

  it('public routes keep their rules on any host', async () => {
    expect((await call('GET', '/api/health', { headers: { host: host(bravo) } })).status).toBe(200);
  });
});

describe('behind CloudFront (the origin secret configured): the host arrives as x-viewer-host', () => {
  const viaCloudFront = (viewerHost: string, extra: Record<string, string> = {}) => ({
    host: 'abc123.execute-api.us-east-1.amazonaws.com',
    [VIEWER_HOST_HEADER]: viewerHost,
    ...extra,
  });

  it("refuses Alpha's token when CloudFront names Bravo's host, serves it on Alpha's", async () => {
    process.env.ORIGIN_SECRET = SECRET;
    resetOriginSecret();
    expect(await customers(alpha, viaCloudFront(host(bravo), { [ORIGIN_SECRET_HEADER]: SECRET }))).toMatchObject({
      status: 401,
      body: refused,
    });
    expect((await customers(alpha, viaCloudFront(host(alpha), { [ORIGIN_SECRET_HEADER]: SECRET }))).status).toBe(200);
  });

  it('without the origin secret the header proves nothing: a direct call is refused before it is read', async () => {
    process.env.ORIGIN_SECRET = SECRET;
    resetOriginSecret();
    expect((await customers(alpha, viaCloudFront(host(alpha)))).status).toBe(403);
  });

  it('where no secret is configured (no CloudFront) x-viewer-host is anybody’s header: Host decides', async () => {
    expect((await customers(alpha, { host: host(alpha), [VIEWER_HOST_HEADER]: host(bravo) })).status).toBe(200);
    expect((await customers(alpha, { host: host(bravo), [VIEWER_HOST_HEADER]: host(alpha) })).status).toBe(401);
  });
});
