import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { type Answer, api, type BodyOf } from './client.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('api(routeId): typed by the route, no other way in', () => {
  it('answers with the type of the route’s response schema and takes its inputs', () => {
    expectTypeOf<Answer<'settings.taxRate'>>().toEqualTypeOf<number>();
    expectTypeOf<BodyOf<'inventory.createLocation'>>().toHaveProperty('name');
    // Type-level only: these calls are never made.
    const never = false as boolean;
    if (never) {
      // @ts-expect-error a type argument is not a route id: the answer's type comes from the contract, not the caller
      void api<{ value: number }>('settings.taxRate');
      // @ts-expect-error an input the route does not take
      void api('settings.taxRate', { body: { value: 10 } });
      // @ts-expect-error an idempotent route needs its submission's key
      void api('inventory.createLocation', { body: { name: 'Dock' } });
    }
  });

  it('sends the path, method and JSON body the contract names and returns the parsed answer', async () => {
    const seen: { url: string; method?: string; body?: unknown }[] = [];
    globalThis.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(url), method: init?.method, body: init?.body });
      return new Response(JSON.stringify({ id: 'loc-1', name: 'Dock', description: null }), { status: 201 });
    }) as typeof fetch;
    const created = await api('inventory.createLocation', { body: { name: 'Dock' }, idempotencyKey: 'k-1' });
    expect(created.name).toBe('Dock');
    expect(seen).toEqual([{ url: '/api/locations', method: 'POST', body: '{"name":"Dock"}' }]);
  });
});
