import { describe, expect, it } from 'vitest';
import { navItems } from './shell/nav.js';
import { effectivePermissions } from '../../../shared/domain/roles.js';
import type { Permission } from '../../../shared/domain/permissions.js';
import { AREA_MODULE } from '../../../shared/domain/modules.js';

describe('navigation follows the permission matrix', () => {
  const labels = (...args: Parameters<typeof navItems>) => navItems(...args).map((i) => i.label);
  const manager = { role: 'EMPLOYEE', accessLevel: 'MANAGER' } as Parameters<typeof navItems>[0];

  it('hides what the policy denies', () => {
    const perms = effectivePermissions(manager, {
      MANAGER: { reservations: { view: false }, userManagement: { viewUsers: false } },
    });
    const can = (p: Permission) => perms[p];
    expect(labels(manager, can)).toEqual(['Dashboard', 'Inventory', 'Customers', 'Reports', 'Timesheets', 'Settings']);
  });

  it('never shows what the role flags refuse, whatever the policy grants', () => {
    const employee = { role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' } as Parameters<typeof navItems>[0];
    expect(labels(employee, () => true)).not.toContain('Employees');
    expect(labels(employee, () => true)).not.toContain('Settings');
  });

  it('administrators are never narrowed', () => {
    const admin = { role: 'BUSINESS_ADMIN' } as Parameters<typeof navItems>[0];
    const perms = effectivePermissions(admin, {
      EMPLOYEE: { reservations: { view: false } },
      MANAGER: { reservations: { view: false } },
    });
    expect(labels(admin, (p) => perms[p])).toContain('Reservations');
  });
});

describe('navigation follows the modules', () => {
  it("hides every page whose module is off, by the same area → module rule the pages' guard uses", () => {
    const admin = { role: 'BUSINESS_ADMIN' } as Parameters<typeof navItems>[0];
    const employee = { role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' } as Parameters<typeof navItems>[0];
    for (const user of [admin, employee]) {
      for (const item of navItems(user)) {
        const module = AREA_MODULE[item.to.slice(1)];
        if (!module) continue;
        expect(
          navItems(user, () => true, [module]).map((i) => i.to),
          `${item.to} with ${module} off`,
        ).not.toContain(item.to);
      }
    }
  });
});
