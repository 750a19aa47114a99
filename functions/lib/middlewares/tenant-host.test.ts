import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTHER_TENANT_ERROR } from '../../../shared/domain/tenant-host.js';
import { claims, request, unitConfig } from '../../testing/middleware.js';
import { resetOriginSecret } from '../origin-secret.js';
import { forgetTenantSubdomains, namedTenants, tenantHost, tenantOfHost } from './tenant-host.js';

/** Organization rows by tenant id: only their subdomain is read. */
const subdomains = vi.hoisted(() => new Map<string, string>());
vi.mock('../db.js', () => ({
  tableName: () => 'test',
  db: () => ({
    send: async ({ input: { Key } }: { input: { Key: { pk: string } } }) => {
      const s = subdomains.get(Key.pk.slice(2));
      return { Item: s ? { subdomain: s } : undefined };
    },
  }),
}));

const run = async (headers: Record<string, string>, auth = claims({ tenantId: 'org-a' })) => {
  const { req } = request('reservations.list', { auth, event: { headers } });
  await tenantHost().before!(req);
};

describe('tenantHost', () => {
  beforeEach(() => {
    unitConfig({ APP_BASE_URL: 'https://app.example.com', TENANT_URL_MODE: 'subdomain' });
    delete process.env.ORIGIN_SECRET;
    resetOriginSecret();
    forgetTenantSubdomains();
    subdomains.set('org-a', 'alpha');
  });
  afterEach(() => {
    delete process.env.ORIGIN_SECRET;
    resetOriginSecret();
  });

  it("the token's own subdomain, the platform host, and no host at all pass", async () => {
    await expect(run({ host: 'alpha.app.example.com' })).resolves.toBeUndefined();
    await expect(run({ host: 'app.example.com', origin: 'https://app.example.com' })).resolves.toBeUndefined();
    await expect(run({})).resolves.toBeUndefined();
  });

  it("another tenant's host, Origin or path prefix is a 401 OtherTenantSession", async () => {
    const requests: Record<string, string>[] = [
      { host: 'bravo.app.example.com' },
      { host: 'alpha.app.example.com', origin: 'https://bravo.app.example.com' },
      { 'x-tenant-path': 'bravo' },
    ];
    for (const headers of requests)
      await expect(run(headers)).rejects.toMatchObject({ statusCode: 401, code: OTHER_TENANT_ERROR });
  });

  it('x-viewer-host is believed only behind the origin secret (CloudFront), Host otherwise', async () => {
    const headers = { host: 'abc.execute-api.amazonaws.com', 'x-viewer-host': 'bravo.app.example.com' };
    expect(await namedTenants({ headers })).toEqual([]);
    process.env.ORIGIN_SECRET = 'origin-secret-0123456789';
    resetOriginSecret();
    expect(await namedTenants({ headers })).toEqual(['bravo']);
  });

  it('a platform token names no tenant of its own: any tenant host refuses it', async () => {
    await expect(
      run({ host: 'alpha.app.example.com' }, claims({ role: 'SUPER_ADMIN', tenantId: null })),
    ).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it('tenantOfHost: only {label}.{app host} with a tenant label names a tenant', () => {
    expect(tenantOfHost('alpha.app.example.com')).toBe('alpha');
    expect(tenantOfHost('www.app.example.com')).toBeNull();
    expect(tenantOfHost('alpha.evil.com')).toBeNull();
  });
});
