import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTimeZone } from '../lib/organization.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

let admin: TestSession;
let employee: TestSession;

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
});

describe('General (R-SET-14)', () => {
  it('reads the zone, currency and language; saves a new IANA zone that the server then reads', async () => {
    const before = await call('GET', '/api/settings/general', { token: admin.token });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ currency: 'USD', language: 'English' });

    const put = await call('PUT', '/api/settings/general', { token: admin.token, body: { timeZone: 'Europe/Lisbon' } });
    expect(put.status).toBe(200);
    expect(put.body.data.timeZone).toBe('Europe/Lisbon');
    expect(await organizationTimeZone(admin.tenant)).toBe('Europe/Lisbon');
    const after = await call('GET', '/api/settings/general', { token: admin.token });
    expect(after.body.data.timeZone).toBe('Europe/Lisbon');
  });

  it('refuses an unknown zone with a clear 400, and a person without configureSystem with 403', async () => {
    const bad = await call('PUT', '/api/settings/general', { token: admin.token, body: { timeZone: 'Mars/Olympus' } });
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain('IANA');
    const denied = await call('PUT', '/api/settings/general', {
      token: employee.token,
      body: { timeZone: 'Europe/Paris' },
    });
    expect(denied.status).toBe(403);
  });
});

describe('Terms, Branding, Payments (R-SET-15..R-SET-17)', () => {
  it('each page saves only its own part of the shared row', async () => {
    const t = await call('PUT', '/api/settings/terms', {
      token: admin.token,
      body: { rentalTerms: 'Return the kayak clean.\nNo swimming.', cancellationPolicy: 'Free until 24 h before.' },
    });
    expect(t.status).toBe(200);
    const b = await call('PUT', '/api/settings/branding', { token: admin.token, body: { accentColor: '#0a7f5c' } });
    expect(b.status).toBe(200);
    const p = await call('PUT', '/api/settings/payments', {
      token: admin.token,
      body: { paymentMethods: ['card_in_person', 'pay_at_store'], paymentInstructions: 'Pay at the desk.' },
    });
    expect(p.status).toBe(200);

    expect((await call('GET', '/api/settings/terms', { token: admin.token })).body.data).toEqual({
      rentalTerms: 'Return the kayak clean.\nNo swimming.',
      cancellationPolicy: 'Free until 24 h before.',
    });
    expect((await call('GET', '/api/settings/branding', { token: admin.token })).body.data).toEqual({
      accentColor: '#0a7f5c',
    });
    // Stored in the list's order, whatever order was sent.
    expect((await call('GET', '/api/settings/payments', { token: admin.token })).body.data).toEqual({
      paymentMethods: ['pay_at_store', 'card_in_person'],
      paymentInstructions: 'Pay at the desk.',
    });
  });

  it('refuses a colour that is not #RRGGBB, an unknown payment way and over-long terms', async () => {
    const colour = await call('PUT', '/api/settings/branding', { token: admin.token, body: { accentColor: 'red' } });
    expect(colour.status).toBe(400);
    expect(colour.raw).toContain('hex colour');
    const way = await call('PUT', '/api/settings/payments', {
      token: admin.token,
      body: { paymentMethods: ['stripe'] },
    });
    expect(way.status).toBe(400);
    const long = await call('PUT', '/api/settings/terms', {
      token: admin.token,
      body: { rentalTerms: 'x'.repeat(5001) },
    });
    expect(long.status).toBe(400);
  });
});
