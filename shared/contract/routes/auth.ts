import * as z from '../../zod.js';
import { route } from '../types.js';
import { isValidTimeZone } from '../../domain/time.js';
import { email } from '../common.js';
import {
  completeSignupResponse,
  healthResponse,
  loginResponse,
  signupSubdomainResponse,
  validateSignupTokenResponse,
} from '../responses.js';

const loginBody = z.object({
  username: z
    .string({ error: 'Username is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Username is required'), z.maxLength(254)),
  password: z
    .string({ error: 'Password is required' })
    .check(z.singleLine(), z.minLength(1, 'Password is required'), z.maxLength(1024)),
});

/** R-AUTH-6: the address of the account to mail a sign-in link to (its username). */
const signInLinkBody = z.object({ email });

/** R-AUTH-6: the link's token (256 random bits, base64url); the page passes it as the link carries it. */
const redeemSignInLinkBody = z.object({
  token: z
    .string({ error: 'Sign-in link token is required' })
    .check(z.minLength(1, 'Sign-in link token is required'), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/)),
});

/** R-AUTH-1; the sign-up form shows it live while the confirmation is typed. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export const signupCompleteBody = z
  .object({
    token: z.string().check(z.singleLine(), z.minLength(1, 'Invitation token is required'), z.maxLength(2048)),
    firstName: z.optional(
      z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'First name is required'), z.maxLength(100)),
    ),
    lastName: z.optional(
      z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
    ),
    organizationName: z
      .string({ error: 'Organization name is required' })
      .check(z.trim(), z.singleLine(), z.minLength(1, 'Organization name is required'), z.maxLength(120)),
    phone: z
      .string({ error: 'Phone number is required' })
      .check(
        z.trim(),
        z.singleLine(),
        z.minLength(1, 'Phone number is required'),
        z.maxLength(40),
        z.regex(/^\+?[\d\s()-]+$/, 'Please enter a valid phone number'),
      ),
    // An empty password is 'required' (R-AUTH-1), not 'too short'.
    password: z
      .string({ error: 'Password is required' })
      .check(
        z.singleLine(),
        z.minLength(1, { error: 'Password is required', abort: true }),
        z.minLength(8, 'Password must be at least 8 characters'),
        z.maxLength(1024),
      ),
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .check(z.singleLine(), z.minLength(1, 'Please confirm your password'), z.maxLength(1024)),
    /** The browser's IANA zone (Intl.DateTimeFormat().resolvedOptions().timeZone); America/New_York when absent. */
    timeZone: z.optional(z.string().check(z.maxLength(64), z.refine(isValidTimeZone, 'Unknown time zone'))),
  })
  .check(
    z.refine((b) => b.password === b.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] }),
  );

export const authRoutes = [
  route({
    id: 'health.check',
    method: 'GET',
    path: '/api/health',
    area: 'health',
    access: 'public',
    response: healthResponse,
    summary: 'Liveness and readiness',
    beyondSpec: 'The local runtime and deploy checks need a readiness probe',
  }),
  route({
    id: 'health.openapi',
    method: 'GET',
    path: '/api/openapi.json',
    area: 'health',
    access: 'public',
    response: z.looseObject({
      openapi: z.literal('3.1.0'),
      info: z.object({ title: z.string(), version: z.string(), description: z.optional(z.string()) }),
      paths: z.record(z.string(), z.unknown()),
    }),
    summary: 'This API as an OpenAPI 3.1 document, generated from the contract',
    beyondSpec:
      'Client authors and tools read the contract as OpenAPI instead of the TypeScript source (docs/architecture.md)',
  }),
  route({
    id: 'auth.login',
    method: 'POST',
    path: '/api/auth/login',
    area: 'auth',
    access: 'public',
    body: loginBody,
    response: loginResponse,
    summary: 'Sign in; returns token, user, redirectUrl',
  }),
  route({
    id: 'auth.requestSignInLink',
    method: 'POST',
    path: '/api/auth/sign-in-link',
    area: 'auth',
    access: 'public',
    body: signInLinkBody,
    // 202 with the same body whatever the address: the answer tells nobody which accounts exist or are locked.
    response: z.object({ success: z.literal(true), message: z.string() }),
    summary: 'Mail a single-use sign-in link (15 minutes) to a locked account; answers 202 alike for every address',
    beyondSpec:
      'A stranger who types five wrong passwords must not keep the rightful user out (R-AUTH-6, docs/decisions/0245-sign-in-link-when-locked.md)',
  }),
  route({
    id: 'auth.redeemSignInLink',
    method: 'POST',
    path: '/api/auth/sign-in-link/redeem',
    area: 'auth',
    access: 'public',
    body: redeemSignInLinkBody,
    response: loginResponse,
    summary: 'Sign in with a mailed sign-in link, even while the account is locked; the link works once',
    beyondSpec:
      "The other half of the locked account's way in (R-AUTH-6, docs/decisions/0245-sign-in-link-when-locked.md)",
  }),
  route({
    id: 'auth.logout',
    personOnly: true, // an API key is revoked on its page, not signed out (R-SET-9)
    method: 'POST',
    path: '/api/auth/logout',
    area: 'auth',
    access: 'public',
    response: z.object({ success: z.literal(true), message: z.string() }),
    summary:
      "Sign out: the bearer token stops working at once (any token, valid or not, answers 200, as RFC 7009's revocation does)",
    beyondSpec:
      'R-AUTH-1 signs out in the browser only; a stolen or left-behind token must stop working too (docs/decisions/0009-sessions-follow-the-account.md)',
  }),
  route({
    id: 'auth.validateSignupToken',
    method: 'GET',
    path: '/api/signup/validate-token',
    area: 'auth',
    access: 'public',
    query: z.object({
      token: z
        .string({ error: 'No invitation token provided.' })
        .check(z.singleLine(), z.minLength(1, 'No invitation token provided.'), z.maxLength(2048)),
    }),
    response: validateSignupTokenResponse,
    summary: 'Check an organization invitation token',
  }),
  route({
    id: 'auth.signupSubdomain',
    method: 'GET',
    path: '/api/signup/subdomain',
    area: 'auth',
    access: 'public',
    // The token is required in practice: functions/auth/signup.ts answers 400 InvalidInvitation
    // ('No invitation token provided.', document 1) without one; the OpenAPI document says so.
    query: z
      .object({
        token: z.optional(z.string().check(z.singleLine(), z.maxLength(2048), z.meta({ minLength: 1 }))),
        name: z
          .string({ error: 'Organization name is required' })
          .check(z.trim(), z.singleLine(), z.minLength(1), z.maxLength(200)),
      })
      .check(z.meta({ required: ['token', 'name'] })),
    response: signupSubdomainResponse,
    summary: 'The address an organization name would get now (invitation holders only)',
    beyondSpec:
      'The sign-up preview promised a subdomain another organization held; the form now checks as the name is typed (docs/decisions/0024-words-and-states.md)',
  }),
  route({
    id: 'auth.completeSignup',
    method: 'POST',
    path: '/api/signup/complete',
    area: 'auth',
    access: 'public',
    body: signupCompleteBody,
    response: completeSignupResponse,
    idempotent: true,
    summary: 'Create organization and its admin from an invitation',
  }),
] as const;
