import { describe, expect, it } from 'vitest';
import { tenantFromHost } from './host.js';

describe('tenantFromHost (R-PLAT-4)', () => {
  it('reads the leading label of a business host', () => {
    expect(tenantFromHost('acme.example.com')).toBe('acme');
    expect(tenantFromHost('ACME.Example.com.')).toBe('acme');
  });
  it('counts subdomains of localhost', () => {
    expect(tenantFromHost('acme.localhost')).toBe('acme');
    expect(tenantFromHost('golf-club.localhost')).toBe('golf-club');
  });
  it('treats www, reserved labels and the bare domain as the platform host', () => {
    expect(tenantFromHost('www.example.com')).toBeNull();
    expect(tenantFromHost('example.com')).toBeNull();
    expect(tenantFromHost('localhost')).toBeNull();
    expect(tenantFromHost('www.localhost')).toBeNull();
    expect(tenantFromHost('api.example.com')).toBeNull();
  });
  it('ignores hosting-provider domains and IP addresses', () => {
    expect(tenantFromHost('d111111abcdef8.cloudfront.net')).toBeNull();
    expect(tenantFromHost('my-branch.pages.dev')).toBeNull();
    expect(tenantFromHost('shop.example.vercel.app')).toBeNull();
    expect(tenantFromHost('127.0.0.1')).toBeNull();
    expect(tenantFromHost('[::1]')).toBeNull();
    expect(tenantFromHost('acme.preview.test', ['preview.test'])).toBeNull();
  });
});
