import { createAreaHandler } from '../lib/pipeline.js';
import { login } from './login.js';
import { logout } from './logout.js';
import { completeSignup, signupSubdomain, validateSignupToken } from './signup.js';

/** Sign-in and organization sign-up: the public door of the product. */
export const handler = createAreaHandler('auth', {
  'auth.login': async ({ body, event }) => login(body.username, body.password, event),
  'auth.logout': async ({ event }) => logout(event),
  'auth.validateSignupToken': async ({ query }) => validateSignupToken(query.token),
  'auth.signupSubdomain': async ({ query }) => signupSubdomain(query.token, query.name),
  'auth.completeSignup': async ({ body }) => completeSignup(body),
});
