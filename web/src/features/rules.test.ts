import { describe, expect, it } from 'vitest';
import { validateLogin } from './auth/validation.js';
import { COMPANY_SIZES, INDUSTRIES, PREFERRED_TIMES, EMPTY_DEMO_REQUEST, type DemoRequest } from './demo/demo.js';
import { demoRequestSchema } from './demo/demoRequest.js';
import { canResend, canRevoke, invitationStatus, validateInvitation } from './platform/invitations.js';
import { navItems } from './shell/nav.js';

describe('login validation', () => {
  it('requires both fields', () => {
    expect(validateLogin({ username: ' ', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validateLogin({ username: 'a', password: 'b' })).toEqual({});
  });
});

describe('demo form (R-PLAT-10)', () => {
  const validateDemo = (v: DemoRequest) => {
    const r = demoRequestSchema.safeParse(v);
    const first: Record<string, string> = {};
    for (const i of r.success ? [] : r.error.issues) first[String(i.path[0])] ??= i.message;
    return first;
  };
  it('requires first name, last name, e-mail and company', () => {
    expect(validateDemo(EMPTY_DEMO_REQUEST)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      company: 'Company is required',
    });
    expect(validateDemo({ ...EMPTY_DEMO_REQUEST, firstName: 'a', lastName: 'b', email: 'bad', company: 'c' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
  it('offers the documented options', () => {
    expect(COMPANY_SIZES.map((o) => o.value)).toEqual(['1-10', '11-50', '51-200', '201-500', '500+']);
    expect(INDUSTRIES.map((o) => o.value)).toEqual([
      'recreation',
      'retail',
      'hospitality',
      'equipment-rental',
      'event-management',
      'other',
    ]);
    expect(PREFERRED_TIMES.map((o) => o.label)).toEqual(['Morning (9-12)', 'Afternoon (12-5)', 'Evening (5-8)']);
  });
});

describe('invitations (R-PLAT-7)', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  it('derives Used, Expired and Pending', () => {
    expect(invitationStatus({ usedAt: '2025-05-01', expiresAt: '2025-01-01' }, now)).toBe('Used');
    expect(invitationStatus({ usedAt: null, expiresAt: '2025-05-31T00:00:00Z' }, now)).toBe('Expired');
    expect(invitationStatus({ usedAt: null, expiresAt: '2025-06-08T00:00:00Z' }, now)).toBe('Pending');
  });
  it('offers resend for pending and expired, revoke for pending only', () => {
    expect([canResend('Pending'), canResend('Expired'), canResend('Used')]).toEqual([true, true, false]);
    expect([canRevoke('Pending'), canRevoke('Expired'), canRevoke('Used')]).toEqual([true, false, false]);
  });
  it('trims before checking and validates the address', () => {
    expect(validateInvitation({ firstName: '  ', lastName: '', email: ' ' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
    expect(validateInvitation({ firstName: 'A', lastName: 'B', email: 'a@b' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(validateInvitation({ firstName: 'A', lastName: 'B', email: ' a@b.co ' })).toEqual({});
  });
});

describe('navigation by role (R-PLAT-3, R-AUTH-4)', () => {
  const labels = (u: Parameters<typeof navItems>[0]) => navItems(u).map((i) => i.label);
  const base = ['Dashboard', 'Inventory', 'Customers', 'Reservations', 'Reports'];
  it('gives admins employees and settings, not timesheets', () => {
    expect(labels({ role: 'BUSINESS_ADMIN' })).toEqual([...base, 'Employees', 'Settings']);
  });
  it('gives managers timesheets, employees and settings', () => {
    expect(labels({ role: 'EMPLOYEE', accessLevel: 'MANAGER' })).toEqual([
      ...base,
      'Timesheets',
      'Employees',
      'Settings',
    ]);
  });
  it('gives ordinary employees timesheets only', () => {
    expect(labels({ role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' })).toEqual([...base, 'Timesheets']);
  });
  it('leads settings to the storefront', () => {
    expect(navItems({ role: 'BUSINESS_ADMIN' }).find((i) => i.label === 'Settings')?.to).toBe('/storefront');
  });
});
