import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useTestTable } from '../testing/harness.js';
import { DIRECT_CALL_REFUSED, ORIGIN_SECRET_HEADER, resetOriginSecret } from './origin-secret.js';

// docs/decisions/0153-hardening-origin-secret.md: with an origin secret configured (as on AWS), a request without CloudFront's
// header (a direct call to execute-api) is refused before anything else runs.
const SECRET = 'origin-secret-for-tests-0123456789abcdef';

beforeAll(async () => {
  await useTestTable();
  process.env.ORIGIN_SECRET = SECRET;
  resetOriginSecret();
});

afterAll(() => {
  delete process.env.ORIGIN_SECRET;
  resetOriginSecret();
});

describe('origin secret', () => {
  it('refuses a direct call with 403, on public and signed-in routes alike', async () => {
    for (const [method, path] of [
      ['GET', '/api/health'],
      ['POST', '/api/auth/login'],
      ['GET', '/api/inventory/items'],
    ] as const) {
      const res = await call(method, path, {
        body: method === 'POST' ? { username: 'a@b.c', password: 'x' } : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ error: 'Forbidden', message: DIRECT_CALL_REFUSED });
    }
  });

  it('refuses a wrong secret', async () => {
    expect(
      (await call('GET', '/api/health', { headers: { [ORIGIN_SECRET_HEADER]: `${SECRET.slice(0, -1)}x` } })).status,
    ).toBe(403);
  });

  it('lets CloudFront in', async () => {
    expect((await call('GET', '/api/health', { headers: { [ORIGIN_SECRET_HEADER]: SECRET } })).status).toBe(200);
  });

  it('still lets CloudFront in with the previous value after a rotation (its edges take the new one over minutes)', async () => {
    process.env.ORIGIN_SECRET = `${SECRET}-rotated`;
    process.env.ORIGIN_SECRET_PREVIOUS = SECRET;
    resetOriginSecret();
    try {
      expect((await call('GET', '/api/health', { headers: { [ORIGIN_SECRET_HEADER]: SECRET } })).status).toBe(200);
      expect(
        (await call('GET', '/api/health', { headers: { [ORIGIN_SECRET_HEADER]: `${SECRET}-rotated` } })).status,
      ).toBe(200);
      expect(
        (await call('GET', '/api/health', { headers: { [ORIGIN_SECRET_HEADER]: `${SECRET}-other` } })).status,
      ).toBe(403);
    } finally {
      process.env.ORIGIN_SECRET = SECRET;
      delete process.env.ORIGIN_SECRET_PREVIOUS;
      resetOriginSecret();
    }
  });
});
