import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routes } from './contract/index.js';
import { RESERVED_SUBDOMAINS, subdomainFromName } from './domain/subdomain.js';
import { API_PREFIXES, RESERVED_PATHS } from './reserved-paths.js';

// docs/decisions/0161-hardening-reserved-tenant-names.md: no organization may get a subdomain (= tenant path in path mode) that is one of
// the product's own top-level paths. The lists are checked against the router's source and the contract.
const source = (rel: string) => readFileSync(fileURLToPath(new URL(rel, import.meta.url)), 'utf8');

/** Every literal first path segment the SPA's router files route on. */
function routerSegments(): string[] {
  const files = [
    '../web/src/app/RootRoutes.tsx',
    '../web/src/app/routing.ts',
    '../web/src/features/shell/TenantApp.tsx',
  ];
  const found = new Set<string>();
  for (const f of files) {
    const s = source(f);
    for (const m of s.matchAll(/path=\{?["'`]\/?([a-z][a-z0-9-]*)/g)) found.add(m[1]!);
    for (const m of s.matchAll(/(?:first|segs\[0\])\s*===\s*'([a-z][a-z0-9-]*)'/g)) found.add(m[1]!);
    for (const m of s.matchAll(/(?:PLATFORM_HOME|to)\s*=\s*\{?['"`]\/([a-z][a-z0-9-]*)/g)) found.add(m[1]!);
  }
  return [...found];
}

describe('reserved paths', () => {
  it('holds every top-level path the router knows', () => {
    const segs = routerSegments();
    expect(segs.length).toBeGreaterThan(10);
    expect(segs.filter((s) => !RESERVED_PATHS.has(s))).toEqual([]);
  });

  it("holds every contract route's prefix", () => {
    const prefixes = new Set(routes.map((r) => r.path.split('/')[1]!));
    expect([...prefixes].filter((p) => !(API_PREFIXES as readonly string[]).includes(p))).toEqual([]);
  });

  it.each([
    'public',
    'service',
    'api',
    'login',
    'signup',
    'setup-account',
    'book-demo',
    'platform',
    'admin',
    'demo',
    'contact',
    'features',
    'pricing',
    'privacy',
    'terms',
    'forgot-password',
    'storefront',
    'dashboard',
    'www',
  ])('%s is reserved', (label) => expect(RESERVED_SUBDOMAINS.has(label)).toBe(true));

  it('leaves ordinary business names alone', () => {
    for (const name of ['Public Kayaks', 'Service Masters', 'Lakeside Rentals'])
      expect(RESERVED_SUBDOMAINS.has(subdomainFromName(name))).toBe(false);
  });
});
