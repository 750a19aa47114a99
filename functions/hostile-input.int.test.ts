import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '../shared/contract/match.js';
import { loadAreaHandler } from './handlers.js';
import { toApiGatewayEvent } from './local/api-gateway-event.js';
import { sessionFor, type TestSession } from './testing/fixtures.js';
import { call, useTestTable } from './testing/harness.js';

// docs/decisions/0156-hardening-hostile-input.md: the cases the probe found as 500s, each now a 400 (or 413) with a clear message.
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
    const res = await call('POST', '/api/inventory/product-types', {
      token: admin.token,
      body: { name: 'Cart', category: 'Carts', ...over },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it.each([
    [
      'privacySettings with 1 MB of keys',
      {
        privacySettings: Object.fromEntries(
          Array.from({ length: 40_000 }, (_, i) => [`key-${i}-${'x'.repeat(12)}`, 1]),
        ),
      },
    ],
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
      body: service({
        description: 'd'.repeat(5000),
        notes: 'n'.repeat(5000),
        availability: JSON.stringify(
          Array.from({ length: 5000 }, () => ({
            date: '2030-01-05',
            startTime: '10:00',
            endTime: '12:00',
            slotsAvailable: 1,
          })),
        ),
      }),
    });
    expect([400, 413]).toContain(res.status);
  });

  it('a body over 1 MB answers 413', async () => {
    const res = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: service({ description: 'x'.repeat(1_100_000) }),
    });
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

// docs/decisions/0005-multipart-and-availability.md: forms are parsed on multipart routes only, and whatever a form holds is a 4xx.
describe('hostile forms answer 4xx', () => {
  const part = (name: string, value: string, filename?: string) =>
    `--x\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n${value}\r\n`;
  const form = (...parts: string[]) => `${parts.join('')}--x--\r\n`;
  const photo = (body: string, contentType = 'multipart/form-data; boundary=x') =>
    call('POST', '/api/uploads/service-photo', {
      token: admin.token,
      rawBody: body,
      headers: { 'content-type': contentType },
    });

  it('a form sent to a JSON route is a 415 and is not parsed', async () => {
    const res = await call('POST', '/api/users/complete-signup', {
      rawBody: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res).toMatchObject({ status: 415, body: { error: 'UnsupportedMediaType' } });
  });

  it.each([
    [
      'a truncated file part',
      '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\n%PNG',
      400,
      /malformed|ends in the middle/,
    ],
    ['token then token[]', form(part('token', 'a'), part('token[]', 'b')), 400, /token\[\]/],
    ['a __proto__[] field', form(part('__proto__[]', 'a')), 400, /__proto__/],
    ['a constructor field', form(part('constructor', 'a')), 400, /constructor/],
    [
      'the same field twice',
      form(part('serviceId', 'a'), part('serviceId', 'b')),
      400,
      /"serviceId" is sent more than once/,
    ],
    [
      'the photo twice',
      form(part('photo', 'a', 'a.png'), part('photo', 'b', 'b.png')),
      400,
      /"photo" is sent more than once/,
    ],
    ['a part without a name', '--x\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--x--\r\n', 400, /needs a name/],
    ['two files', form(part('photo', 'a', 'a.png'), part('other', 'b', 'b.png')), 413, /at most 1 file/],
    ['5,000 fields', form(...Array.from({ length: 5000 }, (_, i) => part(`f${i}`, 'v'))), 413, /at most/],
    ['a 100 KB field', form(part('serviceId', 'v'.repeat(100_000))), 413, /"serviceId" is longer than/],
  ])('%s', async (_name, body, status, message) => {
    const res = await photo(body);
    expect(res.status, res.raw.slice(0, 300)).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it.each([
    ['no boundary', 'multipart/form-data', 400],
    ['JSON', 'application/json', 415],
    ['no content type', '', 415],
  ])('a multipart route sent %s: %s', async (_name, contentType, status) => {
    const res = await photo(form(part('serviceId', 'a')), contentType);
    expect(res.status, res.raw.slice(0, 300)).toBe(status);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('a well-formed form still reaches the operation, which judges the file by its bytes', async () => {
    const res = await photo(form(part('serviceId', 'svc-1'), part('photo', 'not really a png', 'a.png')));
    expect(res).toMatchObject({ status: 400, body: { message: 'Please select an image file.' } });
  });
});

// docs/decisions/0005-multipart-and-availability.md: a handler given a declared path under another method answers 405 with Allow.
describe('405 from a handler', () => {
  // On AWS the request arrives at the health function through the API's `$default` route (infra/api.ts), locally under its own method.
  it.each([
    ['DELETE', '/api/health', 'GET', 'DELETE'],
    ['PATCH', '/api/uploads/service-photo', 'POST', 'PATCH'],
    ['PUT', '/api/health', 'GET', '$default'],
    ['DELETE', '/api/inventory/items', 'GET, POST', '$default'],
  ])('%s %s: 405, Allow: %s (route key %s)', async (method, path, allow, keyMethod) => {
    const declared = matchRoute(allow.split(', ')[0]!, path)!;
    const event = toApiGatewayEvent({ method, path, headers: { 'user-agent': 'vitest' } }, declared);
    const key = keyMethod === '$default' ? '$default' : `${keyMethod} ${path}`;
    Object.assign(event, { routeKey: key });
    event.requestContext.routeKey = key;
    const handler = await loadAreaHandler(keyMethod === '$default' ? 'health' : declared.route.area);
    const res = (await handler(event, {
      awsRequestId: randomUUID(),
      getRemainingTimeInMillis: () => 30_000,
    } as unknown as Context)) as APIGatewayProxyStructuredResultV2;
    expect(res.statusCode).toBe(405);
    expect(res.headers?.allow).toBe(allow);
    expect(JSON.parse(String(res.body))).toMatchObject({ error: 'MethodNotAllowed' });
  });
});
