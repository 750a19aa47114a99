import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routesById } from './index.js';
import { ROUTE_NEEDS } from './route-needs.js';

describe('the needs of the routes behind the SPA controls (R-RES-13)', () => {
  it('are exactly what each contract entry names, so a control and its route follow one rule', () => {
    for (const [id, need] of Object.entries(ROUTE_NEEDS)) {
      const route = routesById.get(id);
      expect(route, id).toBeDefined();
      const named = {
        ...(route && 'capability' in route && route.capability ? { capability: route.capability } : {}),
        ...(route && 'permission' in route && route.permission ? { permission: route.permission } : {}),
      };
      expect(need, id).toEqual(named);
    }
  });
  it('imports nothing at run time (the first-loaded client reads it)', () => {
    const src = readFileSync(new URL('./route-needs.ts', import.meta.url), 'utf8');
    expect(src.match(/^import (?!type ).*/gm) ?? []).toEqual([]);
  });
});
