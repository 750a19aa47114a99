import { describe, expect, it } from 'vitest';
import { request } from '../../testing/middleware.js';
import { routeMatch } from './route-match.js';
import { stateOf } from './types.js';

const run = (routeKey: string, rawPath: string, method: string) => {
  const { req } = request('health.check', {
    state: false,
    event: { routeKey, rawPath, requestContext: { requestId: 'req-9', http: { method, path: rawPath } } as never },
  });
  return { req, out: routeMatch('reservations').before!(req) };
};

describe('routeMatch', () => {
  it("starts the request's state with the area's route, request id and caller address", () => {
    const { req, out } = run('POST /api/reservations/items/create', '/api/reservations/items/create', 'POST');
    expect(out).toBeUndefined();
    const s = stateOf(req);
    expect(s.route.id).toBe('reservations.createItem');
    expect(s).toMatchObject({ requestId: 'req-9', auth: null, tenant: null });
  });

  it('finds a route declared with a trailing slash by the key API Gateway gives it', () => {
    const { req } = run('GET /api/reservations/logs', '/api/reservations/logs', 'GET');
    expect(stateOf(req).route.path).toBe('/api/reservations/logs/');
  });

  it('answers 404 for a route key that is not this area’s', () => {
    for (const [key, path] of [
      ['GET /api/inventory/items', '/api/inventory/items'],
      ['GET /api/nowhere', '/api/nowhere'],
    ] as const)
      expect(() => run(key, path, 'GET')).toThrow(expect.objectContaining({ statusCode: 404, code: 'NotFound' }));
  });

  it('answers 405 with Allow for a method the path does not take', () => {
    const { out } = run('PUT /api/reservations/items/create', '/api/reservations/items/create', 'PUT');
    expect(out).toMatchObject({ statusCode: 405, headers: { allow: 'POST' } });
    expect(JSON.parse((out as { body: string }).body).error).toBe('MethodNotAllowed');
  });
});
