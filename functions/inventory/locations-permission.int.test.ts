import { beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

// R-INV-8: adding a location is an inventory write (the inventory capability and the matrix's
// systemSettings.manageLocations), not something every employee may do.
beforeAll(async () => {
  await useTestTable();
});

describe('POST /api/locations', () => {
  it('refuses an ordinary employee with 403 and creates nothing', async () => {
    const employee = await sessionFor({ role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
    const res = await call('POST', '/api/locations', { token: employee.token, body: { name: 'Back shed' } });
    expect(res.status).toBe(403);
    const list = await call('GET', '/api/locations', { token: employee.token });
    expect(list.status).toBe(200);
    expect(list.body.map((l: { name: string }) => l.name)).not.toContain('Back shed');
  });

  it('lets a manager and a business admin add one', async () => {
    const manager = await sessionFor({ role: 'EMPLOYEE', accessLevel: 'MANAGER' });
    expect((await call('POST', '/api/locations', { token: manager.token, body: { name: 'Dock A' } })).status).toBe(201);
    const admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
    expect((await call('POST', '/api/locations', { token: admin.token, body: { name: 'Dock B' } })).status).toBe(201);
  });
});
