import { describe, expect, it } from 'vitest';
import { bootstrapSession, normaliseRedirectUrl, postLoginPath, type SessionUser } from './session.js';

const user: SessionUser = {
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organizationId: 'o1',
  organization: { name: 'Acme', subdomain: 'acme' },
};

describe('bootstrapSession (R-AUTH-3)', () => {
  it('signs in from the URL, stores the session and strips the three parameters', () => {
    const search = `?auth=true&token=tok1&user=${encodeURIComponent(JSON.stringify(user))}&tab=x`;
    const r = bootstrapSession(search, localStorage);
    expect(r.state).toEqual({ status: 'authenticated', token: 'tok1', user });
    expect(r.cleanedSearch).toBe('?tab=x');
    expect(localStorage.getItem('token')).toBe('tok1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
  });

  it('accepts a doubly encoded user', () => {
    const search = `?auth=true&token=tok1&user=${encodeURIComponent(encodeURIComponent(JSON.stringify(user)))}`;
    const r = bootstrapSession(search, localStorage);
    expect(r.state.status).toBe('authenticated');
    expect(r.cleanedSearch).toBe('');
  });

  it('restores a stored token with a parsable user', () => {
    localStorage.setItem('token', 'stored');
    localStorage.setItem('user', JSON.stringify(user));
    expect(bootstrapSession('', localStorage)).toEqual({
      state: { status: 'authenticated', token: 'stored', user },
      cleanedSearch: null,
    });
  });

  it('clears a corrupt stored user silently', () => {
    localStorage.setItem('token', 'stored');
    localStorage.setItem('user', '{not json');
    expect(bootstrapSession('', localStorage).state).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('clears a stored user silently when a field a screen prints is not text (docs/decisions/0024-words-and-states.md)', () => {
    for (const bad of [
      { ...user, firstName: { first: 'Ada' } },
      { ...user, organization: { name: { en: 'Acme' } } },
      { ...user, organization: 'Acme' },
      [user],
    ]) {
      localStorage.setItem('token', 'stored');
      localStorage.setItem('user', JSON.stringify(bad));
      expect(bootstrapSession('', localStorage).state).toEqual({ status: 'anonymous' });
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    }
  });

  it('clears a token without a user, and is anonymous without a token', () => {
    localStorage.setItem('token', 'stored');
    expect(bootstrapSession('', localStorage).state).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(bootstrapSession('', localStorage).state).toEqual({ status: 'anonymous' });
  });

  it('falls back to storage when the URL user is unreadable, still cleaning the address', () => {
    localStorage.setItem('token', 'stored');
    localStorage.setItem('user', JSON.stringify(user));
    const r = bootstrapSession('?auth=true&token=x&user=garbage', localStorage);
    expect(r.state).toEqual({ status: 'authenticated', token: 'stored', user });
    expect(r.cleanedSearch).toBe('');
  });
});

describe('after login', () => {
  it('normalises slashes in the scheme', () => {
    expect(normaliseRedirectUrl('http:/acme.localhost:3000/dashboard')).toBe('http://acme.localhost:3000/dashboard');
    expect(normaliseRedirectUrl('https:///host/acme/dashboard?auth=true')).toBe(
      'https://host/acme/dashboard?auth=true',
    );
    expect(normaliseRedirectUrl('http://ok.example/x')).toBe('http://ok.example/x');
  });

  it('chooses the landing without a redirectUrl', () => {
    expect(postLoginPath({ role: 'SUPER_ADMIN' })).toBe('/admin');
    expect(postLoginPath(user)).toBe('/acme/dashboard');
    expect(postLoginPath({ role: 'EMPLOYEE', organizationId: 'o2', organization: { name: 'Plain' } })).toBe(
      '/dashboard',
    );
  });
});

describe('one tenant per host (docs/decisions/0007-one-tenant-per-host.md)', () => {
  // A token's payload as the API signs it: `org` is the organization id (the signature is not checked here).
  const jwt = (claims: Record<string, unknown>) =>
    `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
  const acmeToken = jwt({ sub: 'u1', org: 'o1' });
  const urlSignIn = (token: string, u: unknown) =>
    `?auth=true&token=${token}&user=${encodeURIComponent(JSON.stringify(u))}`;
  const bravo = { ...user, organization: { name: 'Bravo', subdomain: 'bravo' } };

  it("refuses a URL sign-in of another tenant on this tenant's page, storing nothing", () => {
    const r = bootstrapSession(urlSignIn(acmeToken, user), localStorage, 'bravo');
    expect(r.state).toEqual({ status: 'anonymous' });
    expect(r.refusedOtherTenant).toBe(true);
    expect(r.cleanedSearch).toBe('');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('refuses a URL sign-in whose user object claims this tenant but whose token is of another organization', () => {
    // The attack: Acme's token with a user object that says "Bravo" (the sender writes the user JSON).
    const r = bootstrapSession(urlSignIn(acmeToken, { ...bravo, organizationId: 'o2' }), localStorage, 'bravo');
    expect(r.state.status).toBe('anonymous');
    expect(r.refusedOtherTenant).toBe(true);
  });

  it('refuses a platform (SUPER_ADMIN) session on a tenant page', () => {
    const admin: SessionUser = { id: 'sa', role: 'SUPER_ADMIN', organizationId: null, organization: null };
    expect(
      bootstrapSession(urlSignIn(jwt({ sub: 'sa', org: null }), admin), localStorage, 'acme').refusedOtherTenant,
    ).toBe(true);
  });

  it('clears a stored session of another tenant', () => {
    localStorage.setItem('token', acmeToken);
    localStorage.setItem('user', JSON.stringify(user));
    const r = bootstrapSession('', localStorage, 'bravo');
    expect(r).toEqual({ state: { status: 'anonymous' }, cleanedSearch: null, refusedOtherTenant: true });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("keeps this tenant's own stored session when a link tries to sign in another tenant", () => {
    localStorage.setItem('token', jwt({ sub: 'u2', org: 'o2' }));
    localStorage.setItem('user', JSON.stringify({ ...bravo, id: 'u2', organizationId: 'o2' }));
    const r = bootstrapSession(urlSignIn(acmeToken, user), localStorage, 'bravo');
    expect(r.state.status).toBe('authenticated');
    expect(r.refusedOtherTenant).toBe(true);
    expect(localStorage.getItem('user')).toContain('"o2"');
  });

  it("accepts the tenant's own session on its page, and any session on the platform host", () => {
    expect(bootstrapSession(urlSignIn(acmeToken, user), localStorage, 'acme').state.status).toBe('authenticated');
    localStorage.clear();
    expect(bootstrapSession(urlSignIn(acmeToken, user), localStorage, null).state.status).toBe('authenticated');
  });
});
