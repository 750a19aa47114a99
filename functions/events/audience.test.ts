import { describe, expect, it } from 'vitest';
import { defaultModuleStates } from '../../shared/domain/modules.js';
import type { Permission } from '../../shared/domain/permissions.js';
import { effectivePermissions } from '../../shared/domain/roles.js';
import { EVENT_AUDIENCE, mayReceiveEvent } from './audience.js';

const employee = { role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' };
const canOf = (u: { role: string; accessLevel?: string }, policy: Parameters<typeof effectivePermissions>[1]) => {
  const perms = effectivePermissions(u, policy);
  return (p: Permission) => perms[p];
};

describe('who may receive which live event', () => {
  const stripped = {
    EMPLOYEE: {
      reservations: { view: false },
      serviceBookings: { view: false },
      customers: { view: false },
      payments: { viewHistory: false },
      dashboard: { viewStats: false, viewActivity: false },
    },
  };

  it('holds back every area the role may not view, and only those', () => {
    const can = canOf(employee, stripped);
    const on = defaultModuleStates();
    for (const type of [
      'reservation-created',
      'reservation-updated',
      'reservation-cancelled',
      'payment-processed',
      'stats-updated',
    ])
      expect(mayReceiveEvent(type, can, on)).toBe(false);
    expect(mayReceiveEvent('inventory-status-changed', can, on)).toBe(true);
  });

  it('lets either reservations.view or serviceBookings.view see reservation events', () => {
    const on = defaultModuleStates();
    expect(
      mayReceiveEvent('reservation-created', canOf(employee, { EMPLOYEE: { reservations: { view: false } } }), on),
    ).toBe(true);
    expect(
      mayReceiveEvent('reservation-created', canOf(employee, { EMPLOYEE: { serviceBookings: { view: false } } }), on),
    ).toBe(true);
    expect(
      mayReceiveEvent(
        'reservation-created',
        canOf(employee, { EMPLOYEE: { reservations: { view: false }, serviceBookings: { view: false } } }),
        on,
      ),
    ).toBe(false);
  });

  it("sends a disabled module's events to nobody, administrators included", () => {
    const admin = canOf({ role: 'BUSINESS_ADMIN' }, stripped);
    const states = { ...defaultModuleStates(), reservations: false, payments: false };
    expect(mayReceiveEvent('reservation-created', admin, states)).toBe(false);
    expect(mayReceiveEvent('payment-processed', admin, states)).toBe(false);
    expect(mayReceiveEvent('inventory-status-changed', admin, states)).toBe(true);
    expect(mayReceiveEvent('stats-updated', admin, states)).toBe(true);
    expect(mayReceiveEvent('inventory-status-changed', admin, { ...states, inventory: false })).toBe(false);
  });

  it('sends an event type without a rule to nobody', () => {
    const all = () => true;
    expect(mayReceiveEvent('toString', all, defaultModuleStates())).toBe(false);
    expect(mayReceiveEvent('something-new', all, defaultModuleStates())).toBe(false);
    expect(Object.keys(EVENT_AUDIENCE).every((t) => mayReceiveEvent(t, all, defaultModuleStates()))).toBe(true);
  });
});
