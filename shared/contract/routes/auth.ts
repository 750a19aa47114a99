import { z } from 'zod';
import { route } from '../types.js';
import { isValidTimeZone } from '../../domain/time.js';
import { completeSignupResponse, healthResponse, loginResponse, validateSignupTokenResponse } from '../responses.js';

export const loginBody = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});

/** Document 1 §5; the sign-up form shows it live while the confirmation is typed. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export const signupCompleteBody = z.object({
  token: z.string().min(1, 'Invitation token is required').max(2048),
  firstName: z.string().trim().min(1, 'First name is required').max(100).optional(),
  lastName: z.string().trim().min(1, 'Last name is required').max(100).optional(),
  organizationName: z.string({ error: 'Organization name is required' }).trim().min(1, 'Organization name is required').max(120),
  phone: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(40)
    .regex(/^\+?[\d\s()-]+$/, 'Please enter a valid phone number'),
  // An empty password is 'required' (document 1 §5), not 'too short'.
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required', abort: true }).min(8, 'Password must be at least 8 characters').max(1024),
  confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password').max(1024),
  /** The browser's IANA zone (Intl.DateTimeFormat().resolvedOptions().timeZone); America/New_York when absent. */
  timeZone: z.string().max(64).refine(isValidTimeZone, 'Unknown time zone').optional(),
}).refine((b) => b.password === b.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });

export const authRoutes = [
  route({ id: 'health.check', method: 'GET', path: '/api/health', area: 'health', access: 'public', response: healthResponse, summary: 'Liveness and readiness', beyondSpec: 'The local runtime and deploy checks need a readiness probe' }),
  route({
    id: 'health.openapi', method: 'GET', path: '/api/openapi.json', area: 'health', access: 'public', response: z.looseObject({ openapi: z.literal('3.1.0'), info: z.object({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
    summary: 'This API as an OpenAPI 3.1 document, generated from the contract',
    beyondSpec: 'Client authors and tools read the contract as OpenAPI instead of the TypeScript source (issue 9)',
  }),
  route({ id: 'auth.login', method: 'POST', path: '/api/auth/login', area: 'auth', access: 'public', body: loginBody, response: loginResponse, summary: 'Sign in; returns token, user, redirectUrl' }),
  route({
    id: 'auth.validateSignupToken', method: 'GET', path: '/api/signup/validate-token', area: 'auth', access: 'public',
    query: z.object({ token: z.string().max(2048).optional() }), response: validateSignupTokenResponse, summary: 'Check an organization invitation token',
  }),
  route({ id: 'auth.completeSignup', method: 'POST', path: '/api/signup/complete', area: 'auth', access: 'public', body: signupCompleteBody, response: completeSignupResponse, idempotent: true, summary: 'Create organization and its admin from an invitation' }),
] as const;
