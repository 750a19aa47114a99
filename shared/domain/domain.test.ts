import { describe, expect, it } from 'vitest';
import { fullPolicy, hasCapability, isGranted, policyRole, roleFlags } from './roles.js';
import { subdomainFromName } from './subdomain.js';
import { canResend, canRevoke, invitationStatus } from './invitations.js';

describe('role flags (R-AUTH-4)', () => {
  it('gives managers and admins the staff-lead flags, and only admins user management', () => {
    const manager = roleFlags({ role: 'EMPLOYEE', accessLevel: 'MANAGER' });
    const employee = roleFlags({ role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
    const owner = roleFlags({ role: 'BUSINESS_ADMIN' });
    expect(manager).toMatchObject({
      isManager: true,
      isAdmin: false,
      canManageInventory: true,
      canViewSettings: true,
      canViewEmployees: true,
      canProcessReturns: true,
      canManageUsers: false,
    });
    expect(Object.entries(employee).filter(([k, v]) => k.startsWith('can') && v)).toEqual([]);
    expect(owner).toMatchObject({
      isAdmin: true,
      isBusinessAdmin: true,
      canManageUsers: true,
      canManageInventory: true,
    });
    expect(roleFlags({ role: 'BUSINESS_ADMIN', accessLevel: 'MANAGER' }).isManager).toBe(false);
    expect(hasCapability({ role: 'EMPLOYEE' }, 'manageInventory')).toBe(false);
    expect(hasCapability({ role: 'SUPER_ADMIN' }, 'manageUsers')).toBe(true);
  });

  it('reads the permission matrix only for employees and managers, everything granted by default', () => {
    expect(policyRole({ role: 'BUSINESS_ADMIN' })).toBeNull();
    expect(policyRole({ role: 'EMPLOYEE', accessLevel: 'MANAGER' })).toBe('MANAGER');
    expect(isGranted(null, 'EMPLOYEE', 'inventoryItems.view')).toBe(true);
    expect(isGranted({ EMPLOYEE: { inventoryItems: { view: false } } }, 'EMPLOYEE', 'inventoryItems.view')).toBe(false);
    expect(isGranted({ EMPLOYEE: { inventoryItems: { view: false } } }, 'MANAGER', 'inventoryItems.view')).toBe(true);
    const none = fullPolicy(false);
    expect(isGranted(none, 'MANAGER', 'reports.export')).toBe(false);
    expect(Object.keys(none.EMPLOYEE)).toHaveLength(14);
  });
});

describe('subdomain preview (R-PLAT-2)', () => {
  it.each([
    ['Lakeside Kayaks & Co.', 'lakeside-kayaks-co'],
    ['  --Golf   Carts!!  ', 'golf-carts'],
    ['ÉCOLE 42', 'cole-42'],
    ['!!!', ''],
  ])('%s → %s', (name, sub) => expect(subdomainFromName(name)).toBe(sub));
});

describe('invitation status (R-PLAT-7)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('is Used, Expired or Pending, and offers resend and revoke accordingly', () => {
    expect(invitationStatus({ usedAt: '2026-05-01T00:00:00Z', expiresAt: '2026-05-02T00:00:00Z' }, now)).toBe('Used');
    expect(invitationStatus({ usedAt: null, expiresAt: '2026-06-01T11:59:59Z' }, now)).toBe('Expired');
    expect(invitationStatus({ expiresAt: '2026-06-08T12:00:00Z' }, now)).toBe('Pending');
    expect([canResend('Pending'), canResend('Expired'), canResend('Used')]).toEqual([true, true, false]);
    expect([canRevoke('Pending'), canRevoke('Expired'), canRevoke('Used')]).toEqual([true, false, false]);
  });
});
