import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from './config.js';
import { trySendMail } from './mail.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useMailEndpoint, useTestMail, useTestTable } from '../testing/harness.js';
import { recordSend } from './mail-log.js';

let ses: RunningSes;
let admin: TestSession;
let a: TestSession;

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('no-reply@test.example');
  admin = await sessionFor({ role: 'SUPER_ADMIN' });
  a = await sessionFor();
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

const stats = async (range: string) =>
  await call('GET', `/api/platform/communications/email/stats?range=${range}`, { token: admin.token });

describe('e-mail send log (docs/decisions/0199-platform-delivery-bounce-and-complaint-notifications-aws.md)', () => {
  it('counts every send, sent or failed, by template, and answers used today', async () => {
    const before = (await stats('7d')).body;
    // two invitations through the real route, one direct send, one failure (an address SES refuses is not
    // reproducible locally, so the failure comes from a closed SES endpoint)
    for (const email of ['one@log.test', 'two@log.test']) {
      expect(
        (
          await call('POST', '/api/platform/invitations', {
            token: admin.token,
            body: { firstName: 'Ann', lastName: 'Lee', email },
          })
        ).status,
      ).toBe(201);
    }
    expect(
      await trySendMail({
        to: 'x@log.test',
        subject: 's',
        html: '<p>h</p>',
        text: 't',
        template: 'booking-confirmation',
        tenant: a.tenant,
      }),
    ).toBe(true);
    useMailEndpoint('http://127.0.0.1:9');
    expect(
      await trySendMail({
        to: 'y@log.test',
        subject: 's',
        html: '<p>h</p>',
        text: 't',
        template: 'booking-confirmation',
        tenant: a.tenant,
      }),
    ).toBe(false);
    useMailEndpoint(ses.endpoint);

    const res = await stats('7d');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalSent - before.totalSent).toBe(3);
    expect(res.body.failed - before.failed).toBe(1);
    expect(res.body.usedToday - before.usedToday).toBe(4);
    expect(res.body.dailyQuota).toBe(10_000);
    expect(res.body.delivered).toBeNull();
    const inv = res.body.templates.find((t: { name: string }) => t.name === 'organization-invitation');
    expect(inv.sent).toBeGreaterThanOrEqual(2);
    const booking = res.body.templates.find((t: { name: string }) => t.name === 'booking-confirmation');
    expect(booking).toMatchObject({ sent: 1, failed: 1 });
    expect(res.body.failureRate).toBeCloseTo((res.body.failed / (res.body.failed + res.body.totalSent)) * 100, 1);
  });

  it('a day outside the range is not counted; a bad range is a 400; tenants get 403', async () => {
    const old = new Date(Date.now() - 10 * 86_400_000);
    const week = (await stats('7d')).body;
    await recordSend({ ok: true, template: 'overdue-reminder' }, old);
    expect((await stats('7d')).body.totalSent).toBe(week.totalSent);
    expect((await stats('30d')).body.totalSent).toBe(week.totalSent + 1);
    expect((await stats('1d')).body.usedToday).toBe(week.usedToday);
    expect((await stats('2w')).status).toBe(400);
    expect((await call('GET', '/api/platform/communications/email/stats', { token: a.token })).status).toBe(403);
  });
});

describe('platform settings (docs/decisions/README.md#platform-portal)', () => {
  it('answers the configuration this deployment runs with, and refuses tenants', async () => {
    process.env.INVITATION_TTL_DAYS = '9';
    resetConfig();
    const res = await call('GET', '/api/platform/settings', { token: admin.token });
    delete process.env.INVITATION_TTL_DAYS;
    resetConfig();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.invitationTtlDays).toBe(9);
    expect(res.body.email).toMatchObject({
      provider: 'Amazon SES',
      from: 'no-reply@test.example',
      sendRatePerSecond: 100,
      dailyQuota: 10_000,
    });
    expect(res.body.meteringFlushSeconds).toBe(30);
    expect(res.raw).not.toContain(ses.endpoint);
    expect((await call('GET', '/api/platform/settings', { token: a.token })).status).toBe(403);
  });
});
