import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermissionPolicy } from '../../../shared/domain/roles.js';
import { claims, request } from '../../testing/middleware.js';
import { trustedTenant } from '../keys.js';
import { authorise, implemented } from './authorise.js';

const policy = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../policy.js', () => ({ loadPolicy: async () => policy.current }));

const tenant = trustedTenant('t1');
const check = (routeId: string, auth: ReturnType<typeof claims> | null) => {
  const { req } = request(routeId, { auth, tenant });
  return authorise().before!(req);
};

describe('authorise', () => {
  beforeEach(() => {
    policy.current = null;
  });

  it('platform routes are for SUPER_ADMIN only', async () => {
    await expect(check('platform.createInvitation', claims())).rejects.toMatchObject({ statusCode: 403 });
    await expect(check('platform.createInvitation', claims({ role: 'SUPER_ADMIN', tenantId: null }))).resolves.toBe(
      undefined,
    );
  });

  it("a role without the route's capability gets 403; one with it passes", async () => {
    const employee = claims({ role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
    await expect(check('users.invite', employee)).rejects.toMatchObject({
      statusCode: 403,
      message: 'You do not have permission to do this',
    });
    await expect(check('users.invite', claims({ role: 'BUSINESS_ADMIN' }))).resolves.toBeUndefined();
  });

  it("the tenant's matrix decides an employee's permission, and the 403 names the cell", async () => {
    const employee = claims({ role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
    policy.current = { EMPLOYEE: { dashboard: { viewStats: false } } } as unknown as PermissionPolicy;
    await expect(check('inventory.statsOverview', employee)).rejects.toMatchObject({
      statusCode: 403,
      message: 'Dashboard › View Stats is turned off for your role',
    });
    policy.current = { EMPLOYEE: { dashboard: { viewStats: true } } } as unknown as PermissionPolicy;
    await expect(check('inventory.statsOverview', employee)).resolves.toBeUndefined();
  });

  it('public routes pass without a caller', async () => {
    await expect(check('health.check', null)).resolves.toBeUndefined();
  });
});

describe('implemented', () => {
  it('a route without an operation answers 501 once the caller is allowed', () => {
    const { req } = request('users.invite');
    expect(() => implemented(() => false).before!(req)).toThrow(expect.objectContaining({ statusCode: 501 }));
    expect(implemented((id) => id === 'users.invite').before!(req)).toBeUndefined();
  });
});
