/**
 * docs/decisions/0225-layout-at-375-and-1366.md: the matrix shows what really applies. By default an EMPLOYEE has the read-only
 * inventory of R-AUTH-4 (the cells read off); an administrator who grants employees item
 * creation sees it work; a cell the role can never hold stays off whatever is sent.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fullPolicy } from '../../shared/domain/roles.js';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { forgetPolicy } from '../lib/policy.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

beforeAll(async () => {
  await useTestTable();
});

async function tenantWithType(): Promise<{ admin: TestSession; employee: TestSession; typeId: string }> {
  const admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  const employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
  const type = await call('POST', '/api/inventory/product-types', {
    token: admin.token,
    body: { name: 'Bike', category: 'Bikes', rates: [{ rate: 10, rateType: 'hourly' }] },
  });
  expect(type.status, type.raw).toBe(201);
  return { admin, employee, typeId: type.body.id };
}
const createItem = (s: TestSession, productTypeId: string, itemNumber: string) =>
  call('POST', '/api/inventory/items', { token: s.token, body: { productTypeId, itemNumber } });

describe('the permission matrix shows and does what applies', () => {
  it('defaults match R-AUTH-4: EMPLOYEE inventory writes off, MANAGER on, and the employee is refused', async () => {
    const { admin, employee, typeId } = await tenantWithType();
    const shown = await call('GET', '/api/settings/permissions', { token: admin.token });
    expect(shown.status).toBe(200);
    expect(shown.body.policy.EMPLOYEE.inventoryItems).toEqual({
      view: true,
      create: false,
      edit: false,
      delete: false,
    });
    expect(shown.body.policy.MANAGER.inventoryItems).toEqual({ view: true, create: true, edit: true, delete: true });
    expect(shown.body.policy.EMPLOYEE.reservations.processReturn).toBe(false);
    const mine = await call('GET', '/api/settings/permissions/mine', { token: employee.token });
    expect(mine.body.permissions['inventoryItems.create']).toBe(false);
    expect((await createItem(employee, typeId, 'E-1')).status).toBe(403);
  });

  it('an admin who grants employees item creation sees it work, and taking it back refuses again', async () => {
    const { admin, employee, typeId } = await tenantWithType();
    const policy = (await call('GET', '/api/settings/permissions', { token: admin.token })).body.policy;
    policy.EMPLOYEE.inventoryItems.create = true;
    const saved = await call('PUT', '/api/settings/permissions', { token: admin.token, body: { policy } });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.policy.EMPLOYEE.inventoryItems.create).toBe(true);
    forgetPolicy(admin.tenant);
    expect(
      (await call('GET', '/api/settings/permissions/mine', { token: employee.token })).body.permissions[
        'inventoryItems.create'
      ],
    ).toBe(true);
    const created = await createItem(employee, typeId, 'E-2');
    expect(created.status, created.raw).toBe(201);
    // Only what was granted: deleting stays refused.
    expect((await call('DELETE', `/api/inventory/items/${created.body.id}`, { token: employee.token })).status).toBe(
      403,
    );

    policy.EMPLOYEE.inventoryItems.create = false;
    expect((await call('PUT', '/api/settings/permissions', { token: admin.token, body: { policy } })).status).toBe(200);
    forgetPolicy(admin.tenant);
    expect((await createItem(employee, typeId, 'E-3')).status).toBe(403);
  });

  it('a cell the role can never hold stays off, whatever is saved', async () => {
    const { admin, employee } = await tenantWithType();
    const saved = await call('PUT', '/api/settings/permissions', {
      token: admin.token,
      body: { policy: fullPolicy(true) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.policy.EMPLOYEE.userManagement).toEqual({ viewUsers: false, manageRoles: false });
    forgetPolicy(admin.tenant);
    expect((await call('GET', '/api/users', { token: employee.token })).status).toBe(403);
  });

  it('a matrix saved before delegation existed (all cells on) does not start granting inventory writes', async () => {
    const { admin, employee, typeId } = await tenantWithType();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.permissionPolicy(admin.tenant),
          type: 'PERMISSION_POLICY',
          policy: fullPolicy(true),
          version: 1,
          updatedAt: new Date().toISOString(),
        },
      }),
    );
    forgetPolicy(admin.tenant);
    expect((await createItem(employee, typeId, 'E-4')).status).toBe(403);
    expect(
      (await call('GET', '/api/settings/permissions', { token: admin.token })).body.policy.EMPLOYEE.inventoryItems
        .create,
    ).toBe(false);
  });
});
