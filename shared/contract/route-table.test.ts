import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from './index.js';
import { renderRouteTable } from './route-table.generate.js';
import { ROUTE_TABLE } from './route-table.js';

describe('the route table the SPA client reads', () => {
  it('is exactly what the generator writes from the contract today (run route-table.generate.ts)', () => {
    expect(readFileSync(new URL('./route-table.ts', import.meta.url), 'utf8')).toBe(renderRouteTable());
  });
  it('has every contract route with its method and path, and nothing else', () => {
    expect(Object.keys(ROUTE_TABLE).sort()).toEqual(routes.map((r) => r.id).sort());
    for (const r of routes) {
      const e = ROUTE_TABLE[r.id];
      expect(e, r.id).toMatchObject({ method: r.method, path: r.path });
      expect(e.kind, r.id).toBe(('kind' in r && r.kind) || 'json');
    }
  });
  it('imports nothing at run time (no zod, no schemas)', () => {
    const src = readFileSync(new URL('./route-table.ts', import.meta.url), 'utf8');
    expect(src.match(/^import (?!type ).*/gm) ?? []).toEqual([]);
  });
});
