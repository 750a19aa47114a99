import { beforeAll, describe, expect, it } from 'vitest';
import { sessionFor, type TestSession } from './testing/fixtures.js';
import { call, useTestTable } from './testing/harness.js';

// Issue 11 point 2: the cases the probe found as 500s, each now a 400 (or 413) with a clear message.
let admin: TestSession;
beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
});

const service = (over: Record<string, unknown> = {}) => ({ name: 'Tour', rate: '10', rateType: 'FIXED', ...over });
const nested = (n: number): unknown => (n === 0 ? 1 : { a: nested(n - 1) });

describe('hostile input answers 4xx', () => {
  it.each([
    ['defaultHourlyRate 1e200', { defaultHourlyRate: 1e200 }, 'Rate must be at most 1,000,000.00'],
    ['defaultDailyRate 5e-324', { defaultDailyRate: 5e-324 }, 'Rate must be in steps of 0.01'],
    ['a rate above 2^53', { rates: [{ rate: 2 ** 53 + 2, rateType: 'hourly' }] }, 'Rate must be at most 1,000,000.00'],
  ])('product type with %s: 400', async (_n, over, message) => {
    const res = await call('POST', '/api/inventory/product-types', { token: admin.token, body: { name: 'Cart', category: 'Carts', ...over } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it.each([
    ['privacySettings with 1 MB of keys', { privacySettings: Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`key-${i}-${'x'.repeat(12)}`, 1])) }],
    ['reminderSettings 41 levels deep', { reminderSettings: nested(41) }],
    ['hosts with an empty key', { hosts: [{ '': 'x' }] }],
    ['privacySettings with a constructor key', { privacySettings: { constructor: { prototype: { x: 1 } } } }],
    ['privacySettings with an unknown key', { privacySettings: { anything: true } }],
    ['reminderSettings as JSON text 41 deep', { reminderSettings: JSON.stringify(nested(41)) }],
    ['a NUL in the name', { name: 'Tour\u0000' }],
    ['a lone surrogate in the description', { description: 'a\ud800b' }],
    ['rate 1e200', { rate: 1e200 }],
  ])('service with %s: 400', async (_n, over) => {
    const res = await call('POST', '/api/inventory/services', { token: admin.token, body: service(over) });
    expect([400, 413], res.raw.slice(0, 300)).toContain(res.status);
    if (res.status === 400) expect(res.body.message).toMatch(/^Validation failed: /);
    expect(res.raw.length).toBeLessThan(2000);
  });

  it('a service bigger than a DynamoDB item (400 KB) is refused, not a 500', async () => {
    const res = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: service({ description: 'd'.repeat(5000), notes: 'n'.repeat(5000), availability: JSON.stringify(Array.from({ length: 5000 }, () => ({ date: '2030-01-05', startTime: '10:00', endTime: '12:00', slotsAvailable: 1 }))) }),
    });
    expect([400, 413]).toContain(res.status);
  });

  it('a body over 1 MB answers 413', async () => {
    const res = await call('POST', '/api/inventory/services', { token: admin.token, body: service({ description: 'x'.repeat(1_100_000) }) });
    expect(res.status).toBe(413);
  });

  it("a malformed share token answers 404 NOT_FOUND like an unknown one ('Service not found or link has expired')", async () => {
    const malformed = await call('GET', '/public/service/not-a-token');
    const unknown = await call('GET', '/public/service/Zm9yZ2VkLXNoYXJlLXRva2VuLW5vdC1yZWFs');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toMatchObject({ error: 'NOT_FOUND', message: 'Service not found or link has expired' });
    expect(unknown.body).toMatchObject({ error: malformed.body.error, message: malformed.body.message });
  });
});
