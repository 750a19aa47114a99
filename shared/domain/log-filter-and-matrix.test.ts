/** the reservation number people type, and who may do what (R-AUTH-4). */
import { describe, expect, it } from 'vitest';
import { reservationNumberFrom } from './reservations.js';
import {
  completePolicy,
  effectivePermissions,
  isGrantable,
  mayUse,
  policyAsStored,
  fullPolicy,
  POLICY_REVISION,
} from './roles.js';

describe('reservationNumberFrom', () => {
  it('reads the number as shown or just its digits', () => {
    for (const t of ['RES-000123', 'res-123', '123', ' #123 ', '000123', 'RES 123'])
      expect(reservationNumberFrom(t), t).toBe('RES-000123');
    for (const t of ['', 'abc', 'RES-', '12a', '1234567890']) expect(reservationNumberFrom(t), t).toBeNull();
  });
});

describe('the matrix and R-AUTH-4', () => {
  const employee = { role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' };
  const manager = { role: 'EMPLOYEE', accessLevel: 'MANAGER' };
  const admin = { role: 'BUSINESS_ADMIN' };

  it('defaults: employees view inventory read-only, managers manage it', () => {
    const p = completePolicy(null);
    expect(p.EMPLOYEE.inventoryItems).toEqual({ view: true, create: false, edit: false, delete: false });
    expect(p.EMPLOYEE.productTypes).toEqual({ view: true, create: false, edit: false, delete: false });
    expect(p.MANAGER.inventoryItems).toEqual({ view: true, create: true, edit: true, delete: true });
    expect(effectivePermissions(employee, null)['inventoryItems.create']).toBe(false);
    expect(effectivePermissions(employee, null)['reservations.create']).toBe(true);
  });

  it('a granted inventory cell really grants; a cell the role can never hold does not', () => {
    const need = { capability: 'manageInventory', permission: 'inventoryItems.create' } as const;
    expect(mayUse(employee, need, null)).toBe(false);
    expect(mayUse(employee, need, { EMPLOYEE: { inventoryItems: { create: true } } })).toBe(true);
    expect(
      mayUse(
        employee,
        { capability: 'manageInventory', permission: 'inventoryItems.delete' },
        { EMPLOYEE: { inventoryItems: { create: true } } },
      ),
    ).toBe(false);
    expect(isGrantable('EMPLOYEE', 'reservations.processReturn')).toBe(false);
    expect(
      mayUse(
        employee,
        { capability: 'processReturns', permission: 'reservations.processReturn' },
        { EMPLOYEE: { reservations: { processReturn: true } } },
      ),
    ).toBe(false);
    expect(mayUse(employee, { capability: 'manageUsers' }, fullPolicy(true))).toBe(false);
    // The matrix still narrows managers, and never binds administrators.
    expect(mayUse(manager, need, { MANAGER: { inventoryItems: { create: false } } })).toBe(false);
    expect(mayUse(admin, need, { MANAGER: { inventoryItems: { create: false } } })).toBe(true);
  });

  it('a matrix stored before delegation does not widen until saved again', () => {
    expect(completePolicy(policyAsStored(fullPolicy(true), undefined)).EMPLOYEE.inventoryItems.create).toBe(false);
    expect(completePolicy(policyAsStored(fullPolicy(true), POLICY_REVISION)).EMPLOYEE.inventoryItems.create).toBe(true);
  });
});
