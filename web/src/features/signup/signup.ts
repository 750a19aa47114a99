import type { z } from 'zod';
import { PASSWORDS_DO_NOT_MATCH, signupCompleteBody } from '../../../../shared/contract/routes/auth.js';
import { subdomainFromName } from '../../../../shared/domain/subdomain.js';

/** R-AUTH-2. */
const PASSWORD_MIN = 8;
export const SIGNUP_REDIRECT_MS = 3000;
export const SIGNUP_FAILED_MESSAGE = 'An error occurred during sign-up. Please try again.';

/**
 * The sign-up form is the contract's body (R-PLAT-4): the same schema the server validates
 * with, so its messages exist once. The token and the browser's zone ride along as values nobody edits.
 */
export const signupFormSchema = signupCompleteBody;
export type SignupValues = z.input<typeof signupFormSchema>;

interface PasswordStrength {
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
  return {
    score: [hasLength, hasUppercase, hasLowercase, hasNumber].filter(Boolean).length,
    hasLength,
    hasUppercase,
    hasLowercase,
    hasNumber,
  };
}

/** R-AUTH-3: 4 Strong, 3 Good, 2 Fair, otherwise Weak. */
export function strengthLabel(score: number): 'Strong' | 'Good' | 'Fair' | 'Weak' {
  if (score >= 4) return 'Strong';
  if (score === 3) return 'Good';
  if (score === 2) return 'Fair';
  return 'Weak';
}

export function strengthColor(score: number): string {
  return score >= 4 ? 'green' : score === 3 ? 'blue' : score === 2 ? 'orange' : 'red';
}

/** Live check of the confirmation while typing: only once something has been typed. */
export function confirmMismatch(password: string, confirmPassword: string): string | undefined {
  return confirmPassword && password !== confirmPassword ? PASSWORDS_DO_NOT_MATCH : undefined;
}

/** Where the new account lives, read from the login link the server answered: 'olive-2.example.com' or 'example.com/olive-2'. */
export function addressFromLoginUrl(loginUrl: string, here: string): string {
  try {
    const u = new URL(loginUrl, here);
    return `${u.host}${u.pathname.replace(/\/(dashboard|login)?\/?$/, '')}`;
  } catch {
    return '';
  }
}

/** Text of the success screen: the page signs the owner in on the new address (the link carries the session). */
export const SIGNUP_SIGNING_IN = 'Signing you in and opening your dashboard...';

/** The address the organization will get, as the server will derive it. */
export function subdomainPreview(organizationName: string, host: string): string | null {
  const sub = subdomainFromName(organizationName);
  return sub ? addressOf(sub, host) : null;
}

/** A subdomain as an address on this host: 'acme' on 'www.example.com' → 'acme.example.com'. */
export const addressOf = (subdomain: string, host: string) => `${subdomain}.${host.replace(/^www\./i, '')}`;

/** How long the name rests before the server is asked which address it gets. */
export const SUBDOMAIN_CHECK_MS = 400;
