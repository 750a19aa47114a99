import { describe, expect, it } from 'vitest';
import {
  confirmMismatch,
  passwordStrength,
  signupFormSchema,
  strengthLabel,
  subdomainPreview,
  type SignupValues,
} from './signup.js';

const ok: SignupValues = {
  token: 'invitation-token',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 (555) 123-4567',
  organizationName: 'Acme Rentals',
  password: 'longenough',
  confirmPassword: 'longenough',
};

describe('password strength (R-AUTH-5, R-AUTH-1)', () => {
  it('scores one point per criterion', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, hasLength: false });
    expect(passwordStrength('abc')).toMatchObject({ score: 1, hasLowercase: true });
    expect(passwordStrength('abcdefgh')).toMatchObject({ score: 2, hasLength: true });
    expect(passwordStrength('Abcdefgh')).toMatchObject({ score: 3, hasUppercase: true });
    expect(passwordStrength('Abcdefg1')).toEqual({
      score: 4,
      hasLength: true,
      hasUppercase: true,
      hasLowercase: true,
      hasNumber: true,
    });
  });
  it('labels 4 Strong, 3 Good, 2 Fair, otherwise Weak', () => {
    expect([4, 3, 2, 1, 0].map(strengthLabel)).toEqual(['Strong', 'Good', 'Fair', 'Weak', 'Weak']);
  });
});

// The form validates with the contract's body: these are the spec's texts, from one source.
const problems = (v: SignupValues) => {
  const r = signupFormSchema.safeParse(v);
  const first: Record<string, string> = {};
  for (const i of r.success ? [] : r.error.issues) first[String(i.path[0])] ??= i.message;
  return first;
};

describe('the sign-up form schema (the contract body)', () => {
  it('accepts a complete form; only the length of the password is enforced', () => {
    expect(problems(ok)).toEqual({});
  });
  it('reports each required field', () => {
    expect(
      problems({
        ...ok,
        firstName: ' ',
        lastName: '',
        phone: '',
        organizationName: '  ',
        password: '',
        confirmPassword: '',
      }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      organizationName: 'Organization name is required',
      phone: 'Phone number is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });
  it('checks the phone characters, the length and the confirmation', () => {
    expect(problems({ ...ok, phone: '555-CALL-NOW' }).phone).toBe('Please enter a valid phone number');
    expect(problems({ ...ok, phone: '55+5' }).phone).toBe('Please enter a valid phone number');
    expect(problems({ ...ok, password: 'short', confirmPassword: 'short' }).password).toBe(
      'Password must be at least 8 characters',
    );
    expect(problems({ ...ok, confirmPassword: 'different' }).confirmPassword).toBe('Passwords do not match');
  });
  it('checks the confirmation live only once typed', () => {
    expect(confirmMismatch('secret12', '')).toBeUndefined();
    expect(confirmMismatch('secret12', 'sec')).toBe('Passwords do not match');
    expect(confirmMismatch('secret12', 'secret12')).toBeUndefined();
  });
});

describe('subdomainPreview (R-PLAT-2)', () => {
  it('derives the address from the organization name', () => {
    expect(subdomainPreview('Acme Rentals', 'localhost:3000')).toBe('acme-rentals.localhost:3000');
    expect(subdomainPreview('  --Joe’s Golf & Carts!! ', 'www.example.com')).toBe('joe-s-golf-carts.example.com');
    expect(subdomainPreview('***', 'example.com')).toBeNull();
  });
});
