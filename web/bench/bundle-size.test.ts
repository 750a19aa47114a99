import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './bundle-size.js';

const read = (p: string) => readFileSync(new URL(p, import.meta.url), 'utf8');
const paths = (text: string) => [...text.matchAll(/path="([^"]+)"/g)].map((m) => m[1]!);

describe('the bundle bench covers every route of the router', () => {
  it('every top-level path of RootRoutes and every page path of TenantApp has a measured entry', () => {
    const root = paths(read('../src/app/RootRoutes.tsx')).map((p) =>
      p === '/setup-account' ? '/setup-account/:setupToken' : p,
    );
    const tenant = paths(read('../src/features/shell/TenantApp.tsx'))
      .filter((p) => p !== '*')
      .map((p) => `/${p}`);
    const missing = [...root, ...tenant].filter((p) => !(p in ROUTES));
    expect(missing).toEqual([]);
  });
  it('every route measures its page, not only the shell', () => {
    for (const [route, { modules }] of Object.entries(ROUTES))
      expect(modules.filter((m) => !m.endsWith('/TenantApp.tsx')).length, route).toBeGreaterThan(0);
  });
  it('every module named exists in the source', () => {
    for (const { modules } of Object.values(ROUTES))
      for (const m of modules) expect(() => read(`../${m}`), m).not.toThrow();
  });
});
