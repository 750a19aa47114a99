import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MODULE_DISABLED_MESSAGE } from '../../shared/domain/modules.js';
import { claims, request } from '../testing/middleware.js';
import { trustedTenant } from './keys.js';
import { forgetModules, forgetOrganizationStatuses, moduleGate } from './modules.js';

/** The organization row and the modules row of tenant t1, by sort key. */
const rows = vi.hoisted(() => new Map<string, Record<string, unknown>>());
vi.mock('./db.js', () => ({
  tableName: () => 'test',
  db: () => ({ send: async ({ input }: { input: { Key: { sk: string } } }) => ({ Item: rows.get(input.Key.sk) }) }),
}));

const gate = (routeId: string) => {
  const { req } = request(routeId, { auth: claims({ tenantId: 't1' }), tenant: trustedTenant('t1') });
  return moduleGate().before!(req);
};

describe('moduleGate', () => {
  beforeEach(() => {
    forgetModules();
    forgetOrganizationStatuses();
    rows.clear();
    rows.set('ORG', { status: 'ACTIVE' });
  });

  it("lets an active tenant's routes of an enabled module through", async () => {
    rows.set('MODULES#STATE', { states: { reservations: true }, version: 1 });
    await expect(gate('reservations.list')).resolves.toBeUndefined();
  });

  it('a module the tenant turned off answers 403 on its routes only', async () => {
    rows.set('MODULES#STATE', { states: { reservations: false }, version: 2 });
    await expect(gate('reservations.list')).rejects.toMatchObject({
      statusCode: 403,
      message: MODULE_DISABLED_MESSAGE,
    });
    await expect(gate('users.invite')).resolves.toBeUndefined();
  });

  it("a suspended or inactive tenant's routes answer 403 OrganizationSuspended", async () => {
    for (const status of ['SUSPENDED', 'INACTIVE']) {
      forgetOrganizationStatuses();
      rows.set('ORG', { status });
      await expect(gate('users.invite')).rejects.toMatchObject({ statusCode: 403, code: 'OrganizationSuspended' });
    }
  });

  it('public and platform routes are not gated', async () => {
    rows.set('ORG', { status: 'SUSPENDED' });
    const { req } = request('health.check');
    await expect(moduleGate().before!(req)).resolves.toBeUndefined();
  });
});
