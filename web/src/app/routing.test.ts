import { describe, expect, it } from 'vitest';
import { decideRoute, type RouteDecision } from './routing.js';
import type { SessionState, SessionUser } from './session.js';

const anon: SessionState = { status: 'anonymous' };
const signedIn = (user: Partial<SessionUser> & Pick<SessionUser, 'role'>): SessionState => ({
  status: 'authenticated',
  token: 't',
  user: user as SessionUser,
});
const superAdmin = signedIn({ role: 'SUPER_ADMIN', firstName: 'Pat' });
const owner = signedIn({
  role: 'BUSINESS_ADMIN',
  organizationId: 'o1',
  organization: { name: 'Acme', subdomain: 'acme' },
});
const noSubdomain = signedIn({ role: 'EMPLOYEE', organizationId: 'o2', organization: { name: 'Plain' } });

const onPlatform = (path: string, session: SessionState): RouteDecision => decideRoute({ tenant: null, path, session });
const onTenant = (path: string, session: SessionState): RouteDecision => decideRoute({ tenant: 'acme', path, session });

describe('platform host', () => {
  it('shows a spinner while the session loads', () => {
    expect(onPlatform('/', { status: 'loading' })).toEqual({ kind: 'spinner' });
    expect(onTenant('/dashboard', { status: 'loading' })).toEqual({ kind: 'spinner' });
  });

  it('serves the anonymous public list', () => {
    expect(onPlatform('/', anon)).toEqual({ kind: 'public', page: 'landing' });
    expect(onPlatform('/login', anon)).toEqual({ kind: 'public', page: 'login' });
    expect(onPlatform('/signup', anon)).toEqual({ kind: 'public', page: 'signup' });
    expect(onPlatform('/book-demo', anon)).toEqual({ kind: 'public', page: 'book-demo' });
    expect(onPlatform('/setup-account', anon)).toEqual({ kind: 'public', page: 'setup-account' });
    expect(onPlatform('/setup-account/abc', anon)).toEqual({ kind: 'public', page: 'setup-account' });
    // R-AUTH-6: a locked account's mailed link, signed in or not.
    expect(onPlatform('/sign-in-link/tok', anon)).toEqual({ kind: 'public', page: 'sign-in-link' });
    expect(onPlatform('/sign-in-link/tok', owner)).toEqual({ kind: 'public', page: 'sign-in-link' });
    expect(onPlatform('/sign-in-link', anon)).toEqual({ kind: 'redirect', to: '/' });
    expect(onPlatform('/service/tok123', anon)).toEqual({ kind: 'service' });
    // docs/decisions/0002-report-mail-recipients.md: a report e-mail's links, for anyone.
    expect(onPlatform('/report-mail/confirm/tok', anon)).toEqual({ kind: 'report-mail' });
    expect(onPlatform('/report-mail/unsubscribe/tok', anon)).toEqual({ kind: 'report-mail' });
    expect(onTenant('/report-mail/unsubscribe/tok', anon)).toEqual({ kind: 'report-mail' });
    expect(onPlatform('/report-mail/confirm/tok', owner)).toEqual({ kind: 'report-mail' });
    // R-EMP-9: a new e-mail address's confirmation link, for anyone, on either host.
    expect(onPlatform('/confirm-email/tok', anon)).toEqual({ kind: 'confirm-email' });
    expect(onTenant('/confirm-email/tok', anon)).toEqual({ kind: 'confirm-email' });
    expect(onPlatform('/confirm-email/tok', owner)).toEqual({ kind: 'confirm-email' });
    expect(onPlatform('/forgot-password', anon)).toEqual({ kind: 'public', page: 'forgot-password' });
    for (const p of ['/demo', '/contact', '/features', '/pricing', '/terms', '/privacy', '/status']) {
      expect(onPlatform(p, anon)).toEqual({ kind: 'public', page: 'info' });
    }
  });

  it('shows the sign-in screen for deep links into the app', () => {
    expect(onPlatform('/dashboard', anon)).toEqual({ kind: 'login' });
    expect(onPlatform('/platform/dashboard', anon)).toEqual({ kind: 'login' });
    expect(onPlatform('/admin', anon)).toEqual({ kind: 'login' });
    expect(onPlatform('/acme/inventory', anon)).toEqual({ kind: 'login' });
    expect(onPlatform('/storefront/hours', anon)).toEqual({ kind: 'login' });
  });

  it('sends unknown anonymous paths to the landing page', () => {
    expect(onPlatform('/nope', anon)).toEqual({ kind: 'redirect', to: '/' });
    expect(onPlatform('/login/extra', anon)).toEqual({ kind: 'redirect', to: '/' });
    expect(onPlatform('/service', anon)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends SUPER_ADMIN everywhere to /platform/dashboard', () => {
    expect(onPlatform('/', superAdmin)).toEqual({ kind: 'redirect', to: '/platform/dashboard' });
    expect(onPlatform('/admin', superAdmin)).toEqual({ kind: 'redirect', to: '/platform/dashboard' });
    expect(onPlatform('/login', superAdmin)).toEqual({ kind: 'redirect', to: '/platform/dashboard' });
    expect(onPlatform('/whatever/else', superAdmin)).toEqual({ kind: 'redirect', to: '/platform/dashboard' });
    expect(onPlatform('/platform/dashboard', superAdmin)).toEqual({ kind: 'platform' });
    expect(onPlatform('/platform/dashboard/', superAdmin)).toEqual({ kind: 'platform' });
  });

  it('serves business users under /{subdomain} and redirects elsewhere there', () => {
    expect(onPlatform('/', owner)).toEqual({ kind: 'redirect', to: '/acme' });
    expect(onPlatform('/login', owner)).toEqual({ kind: 'redirect', to: '/acme' });
    expect(onPlatform('/acme', owner)).toEqual({ kind: 'tenant', base: '/acme' });
    expect(onPlatform('/acme/inventory', owner)).toEqual({ kind: 'tenant', base: '/acme' });
    expect(onPlatform('/acmeish/inventory', owner)).toEqual({ kind: 'redirect', to: '/acme' });
  });

  it('serves users of an organization without subdomain at the root', () => {
    expect(onPlatform('/dashboard', noSubdomain)).toEqual({ kind: 'tenant', base: '' });
  });

  it('serves public service links to everyone', () => {
    expect(onPlatform('/service/tok', superAdmin)).toEqual({ kind: 'service' });
    expect(onPlatform('/service/tok', owner)).toEqual({ kind: 'service' });
    expect(onTenant('/service/tok', owner)).toEqual({ kind: 'service' });
  });
});

describe('tenant host', () => {
  it('serves setup and service links anonymously and shows login for everything else', () => {
    expect(onTenant('/setup-account/tok', anon)).toEqual({ kind: 'public', page: 'setup-account' });
    expect(onTenant('/setup-account', anon)).toEqual({ kind: 'public', page: 'setup-account' });
    expect(onTenant('/service/tok', anon)).toEqual({ kind: 'service' });
    expect(onTenant('/', anon)).toEqual({ kind: 'login' });
    expect(onTenant('/dashboard', anon)).toEqual({ kind: 'login' });
    expect(onTenant('/anything', anon)).toEqual({ kind: 'login' });
  });

  it('serves the business app at the root when signed in', () => {
    expect(onTenant('/', owner)).toEqual({ kind: 'tenant', base: '' });
    expect(onTenant('/dashboard', owner)).toEqual({ kind: 'tenant', base: '' });
    expect(onTenant('/unknown', owner)).toEqual({ kind: 'tenant', base: '' });
  });
});
