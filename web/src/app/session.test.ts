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

describe('bootstrapSession (document 1 §4)', () => {
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
    expect(bootstrapSession('', localStorage)).toEqual({ state: { status: 'authenticated', token: 'stored', user }, cleanedSearch: null });
  });

  it('clears a corrupt stored user silently', () => {
    localStorage.setItem('token', 'stored');
    localStorage.setItem('user', '{not json');
    expect(bootstrapSession('', localStorage).state).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
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
    expect(normaliseRedirectUrl('https:///host/acme/dashboard?auth=true')).toBe('https://host/acme/dashboard?auth=true');
    expect(normaliseRedirectUrl('http://ok.example/x')).toBe('http://ok.example/x');
  });

  it('chooses the landing without a redirectUrl', () => {
    expect(postLoginPath({ role: 'SUPER_ADMIN' })).toBe('/admin');
    expect(postLoginPath(user)).toBe('/acme/dashboard');
    expect(postLoginPath({ role: 'EMPLOYEE', organizationId: 'o2', organization: { name: 'Plain' } })).toBe('/dashboard');
  });
});
