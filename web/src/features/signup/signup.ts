import { subdomainFromName } from '../../../../shared/domain/subdomain.js';

/** Document 1 §9. */
export const PASSWORD_MIN = 8;
export const SIGNUP_REDIRECT_MS = 3000;
export const SIGNUP_FAILED_MESSAGE = 'An error occurred during sign-up. Please try again.';

export interface SignupValues {
  firstName: string;
  lastName: string;
  phone: string;
  organizationName: string;
  password: string;
  confirmPassword: string;
}
export type SignupErrors = Partial<Record<keyof SignupValues, string>>;

export interface PasswordStrength {
  score: number;
  hasLength: boolean;
  hasUppercase: boolean;
  hasLowercase: boolean;
  hasNumber: boolean;
}

export function passwordStrength(password: string): PasswordStrength {
  const hasLength = password.length >= PASSWORD_MIN;
  const hasUppercase = /[A-Z]/.test(password);
  const hasLowercase = /[a-z]/.test(password);
  const hasNumber = /\d/.test(password);
  return { score: [hasLength, hasUppercase, hasLowercase, hasNumber].filter(Boolean).length, hasLength, hasUppercase, hasLowercase, hasNumber };
}

/** Document 1 §4: 4 Strong, 3 Good, 2 Fair, otherwise Weak. */
export function strengthLabel(score: number): 'Strong' | 'Good' | 'Fair' | 'Weak' {
  if (score >= 4) return 'Strong';
  if (score === 3) return 'Good';
  if (score === 2) return 'Fair';
  return 'Weak';
}

export function strengthColor(score: number): string {
  return score >= 4 ? 'green' : score === 3 ? 'blue' : score === 2 ? 'orange' : 'red';
}

const PHONE = /^\+?[\d\s()-]+$/;

/** Live check of the confirmation while typing: only once something has been typed. */
export function confirmMismatch(password: string, confirmPassword: string): string | undefined {
  return confirmPassword && password !== confirmPassword ? 'Passwords do not match' : undefined;
}

/**
 * Document 1 §5, checked on submit. The checklist's four criteria are advice; only the length
 * is enforced, as on the server.
 */
export function validateSignup(v: SignupValues): SignupErrors {
  const e: SignupErrors = {};
  if (!v.firstName.trim()) e.firstName = 'First name is required';
  if (!v.lastName.trim()) e.lastName = 'Last name is required';
  if (!v.organizationName.trim()) e.organizationName = 'Organization name is required';
  if (!v.phone.trim()) e.phone = 'Phone number is required';
  else if (!PHONE.test(v.phone.trim())) e.phone = 'Please enter a valid phone number';
  if (!v.password) e.password = 'Password is required';
  else if (v.password.length < PASSWORD_MIN) e.password = 'Password must be at least 8 characters';
  if (!v.confirmPassword) e.confirmPassword = 'Please confirm your password';
  else if (v.password !== v.confirmPassword) e.confirmPassword = 'Passwords do not match';
  return e;
}

/** The address the organization will get, as the server will derive it. */
export function subdomainPreview(organizationName: string, host: string): string | null {
  const sub = subdomainFromName(organizationName);
  if (!sub) return null;
  const base = host.replace(/^www\./i, '');
  return `${sub}.${base}`;
}
