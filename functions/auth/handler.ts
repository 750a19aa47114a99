import { createAreaHandler } from '../lib/pipeline.js';
import { login } from './login.js';
import { logout } from './logout.js';
import { completeSignup, signupSubdomain, validateSignupToken } from './signup.js';

/** Sign-in and organization sign-up: the public door of the product. */
export const handler = createAreaHandler('auth', {
  'auth.login': async ({ body, event }) => login(body.username, body.password, event),
  // Loaded on first use: sign-in's cold start does not carry the link's mail (R-AUTH-6).
  'auth.requestSignInLink': async ({ body, event }) =>
    (await import('./sign-in-link.js')).requestSignInLink(body.email, event),
  'auth.redeemSignInLink': async ({ body, event }) =>
    (await import('./sign-in-link.js')).redeemSignInLink(body.token, event),
  'auth.logout': async ({ event }) => logout(event),
  'auth.validateSignupToken': async ({ query }) => validateSignupToken(query.token),
  'auth.signupSubdomain': async ({ query }) => signupSubdomain(query.token, query.name),
  'auth.completeSignup': async ({ body }) => completeSignup(body),
});
