import { describe, expect, it } from 'vitest';
import { CORE_NOT_TOGGLEABLE, defaultModuleStates, moduleToggleProblem, publicBookingOpen } from './modules.js';

describe('moduleToggleProblem', () => {
  it('refuses to disable a module an enabled module needs, naming them', () => {
    const s = defaultModuleStates();
    expect(moduleToggleProblem(s, 'inventory', false)).toBe('Cannot disable. Required by: Reservations, Reports');
    expect(moduleToggleProblem(s, 'reservations', false)).toBe('Cannot disable. Required by: Reports, Payments');
    expect(moduleToggleProblem({ ...s, reports: false, payments: false }, 'reservations', false)).toBeNull();
  });
  it('refuses to enable a module whose dependencies are off, naming them', () => {
    const s = { ...defaultModuleStates(), inventory: false, reservations: false, reports: false };
    expect(moduleToggleProblem(s, 'reports', true)).toBe(
      'Please enable required features first: Reservations, Inventory',
    );
    expect(moduleToggleProblem(s, 'inventory', true)).toBeNull();
    expect(moduleToggleProblem({ ...s, employees: false, scheduling: false }, 'scheduling', true)).toBe(
      'Please enable required features first: Employees',
    );
  });
  it('core features cannot be toggled', () => {
    expect(moduleToggleProblem(defaultModuleStates(), 'settings', false)).toBe(CORE_NOT_TOGGLEABLE);
  });
});

describe('publicBookingOpen', () => {
  it('needs both the service catalogue (inventory) and booking (reservations)', () => {
    const s = defaultModuleStates();
    expect(publicBookingOpen(s)).toBe(true);
    expect(publicBookingOpen({ ...s, reports: false, payments: false, employees: false })).toBe(true);
    expect(publicBookingOpen({ ...s, reservations: false })).toBe(false);
    expect(publicBookingOpen({ ...s, inventory: false })).toBe(false);
  });
});
