import type { SNSEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { handler } from './mail-events.js';
import { emailStatsOp, recordSend, tenantMailCounts } from '../lib/mail-log.js';

let admin: TestSession;

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'SUPER_ADMIN' });
}, 60_000);

afterEach(() => {
  delete process.env.SES_CONFIGURATION_SET;
});

// A day of its own, so other tests' sends (today) do not mix in.
const SENT = '2026-03-10T09:30:00.000Z';
const NOW = new Date('2026-03-10T18:00:00.000Z');
const mail = (
  messageId: string,
  tags: Record<string, string[]> = { template: ['organization-invitation'], tenant: ['orgmailx'] },
) => ({ timestamp: SENT, messageId, tags });
const sns = (...messages: unknown[]): SNSEvent => ({
  Records: messages.map((m, i) => ({
    EventSource: 'aws:sns',
    EventVersion: '1.0',
    EventSubscriptionArn: 'arn',
    Sns: { MessageId: `sns-${i}`, Message: typeof m === 'string' ? m : JSON.stringify(m) },
  })) as unknown as SNSEvent['Records'],
});

describe('SES notifications in the send log', () => {
  it('counts delivered, bounced and complaints once each on the send day, and the stats read them with the configuration set', async () => {
    for (let i = 0; i < 4; i++)
      await recordSend({ ok: true, template: 'organization-invitation', tenant: 'orgmailx' }, new Date(SENT));
    await recordSend({ ok: false, template: 'organization-invitation' }, new Date(SENT));

    const first = await handler(
      sns(
        { eventType: 'Delivery', mail: mail('m1'), delivery: { timestamp: '2026-03-10T09:30:02.000Z' } },
        { eventType: 'Delivery', mail: mail('m2'), delivery: {} },
        { eventType: 'Delivery', mail: mail('m3'), delivery: {} },
        { eventType: 'Bounce', mail: mail('m4'), bounce: { bounceType: 'Permanent' } },
        { notificationType: 'Complaint', mail: mail('m1'), complaint: {} },
        { eventType: 'Open', mail: mail('m2') },
        'not json',
      ),
    );
    expect(first).toEqual({ recorded: 5, skipped: 2 });
    // SNS delivers at least once: the same notification again counts nothing
    expect(
      await handler(
        sns(
          { eventType: 'Delivery', mail: mail('m1'), delivery: {} },
          { eventType: 'Bounce', mail: mail('m4'), bounce: {} },
        ),
      ),
    ).toEqual({ recorded: 0, skipped: 2 });

    process.env.SES_CONFIGURATION_SET = 'MailSet';
    const on = await emailStatsOp('1d', NOW);
    expect(on).toMatchObject({
      totalSent: 4,
      failed: 1,
      deliveryNotifications: 'ses-configuration-set',
      delivered: 3,
      deliveryRate: 75,
      bounced: 1,
      bounceRate: 25,
      complaints: 1,
      complaintRate: 25,
    });
    // per-template list and per-tenant e-mail counts still count sends only
    expect(on.templates).toEqual([{ name: 'organization-invitation', sent: 4, failed: 1 }]);
    expect((await tenantMailCounts(NOW)).get('orgmailx')).toEqual({ today: 4, month: 4, bouncedMonth: 1 });

    delete process.env.SES_CONFIGURATION_SET;
    expect(await emailStatsOp('1d', NOW)).toMatchObject({
      totalSent: 4,
      deliveryNotifications: 'not-configured',
      delivered: null,
      deliveryRate: null,
      bounced: null,
      bounceRate: null,
      complaints: null,
      complaintRate: null,
    });
  });

  it('answers through the API with the contract shape: locally no configuration set, so no delivery figures', async () => {
    const res = await call('GET', '/api/platform/communications/email/stats?range=7d', { token: admin.token });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      deliveryNotifications: 'not-configured',
      delivered: null,
      bounced: null,
      complaints: null,
    });
  });
});
