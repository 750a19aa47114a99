import { afterEach, describe, expect, it } from 'vitest';
import { deliveryTracking } from '../lib/mail.js';
import { parseSesNotification } from './mail-events.js';

// Shapes as SES publishes them to SNS for a configuration set's event destination (eventType) and
// for identity notifications (notificationType); trimmed to the fields that matter plus some noise.
const mail = {
  timestamp: '2026-11-24T23:59:58.000Z',
  messageId: '0100019a-abc',
  source: 'no-reply@example.com',
  destination: ['a@example.com'],
  tags: { 'ses:configuration-set': ['MailSet'], template: ['organization-invitation'], tenant: ['org123'] },
};
const delivery = {
  eventType: 'Delivery',
  mail,
  delivery: { timestamp: '2026-11-25T00:00:01.000Z', recipients: ['a@example.com'], smtpResponse: '250 OK' },
};
const bounce = {
  eventType: 'Bounce',
  mail,
  bounce: {
    bounceType: 'Permanent',
    bounceSubType: 'General',
    bouncedRecipients: [{ emailAddress: 'a@example.com' }],
    timestamp: '2026-11-25T00:00:02.000Z',
  },
};
const complaint = {
  notificationType: 'Complaint',
  mail: { ...mail, tags: undefined },
  complaint: { complainedRecipients: [{ emailAddress: 'a@example.com' }], timestamp: '2026-11-25T01:00:00.000Z' },
};

describe('SES notification parsing', () => {
  it('reads delivery, bounce and complaint, the send day from the mail, and template and tenant from its tags', () => {
    expect(parseSesNotification(JSON.stringify(delivery))).toEqual({
      kind: 'delivered',
      messageId: '0100019a-abc',
      sentAt: '2026-11-24T23:59:58.000Z',
      template: 'organization-invitation',
      tenant: 'org123',
    });
    expect(parseSesNotification(JSON.stringify(bounce))).toEqual({
      kind: 'bounced',
      messageId: '0100019a-abc',
      sentAt: '2026-11-24T23:59:58.000Z',
      template: 'organization-invitation',
      tenant: 'org123',
      bounceType: 'Permanent',
    });
    expect(parseSesNotification(JSON.stringify(complaint))).toEqual({
      kind: 'complaints',
      messageId: '0100019a-abc',
      sentAt: '2026-11-24T23:59:58.000Z',
      template: undefined,
      tenant: undefined,
    });
  });

  it('ignores other event types, malformed JSON and messages without a mail id or send time', () => {
    expect(parseSesNotification(JSON.stringify({ ...delivery, eventType: 'Open' }))).toBeUndefined();
    expect(parseSesNotification(JSON.stringify({ Type: 'SubscriptionConfirmation' }))).toBeUndefined();
    expect(parseSesNotification('{not json')).toBeUndefined();
    expect(parseSesNotification('null')).toBeUndefined();
    expect(parseSesNotification(JSON.stringify({ ...delivery, mail: { ...mail, messageId: '' } }))).toBeUndefined();
    expect(
      parseSesNotification(JSON.stringify({ ...delivery, mail: { ...mail, timestamp: 'yesterday' } })),
    ).toBeUndefined();
    expect(parseSesNotification(JSON.stringify({ ...delivery, mail: 'x' }))).toBeUndefined();
  });
});

describe('sending with the configuration set', () => {
  afterEach(() => {
    delete process.env.SES_CONFIGURATION_SET;
  });
  it('adds nothing without SES_CONFIGURATION_SET (locally)', () => {
    expect(deliveryTracking({ template: 't', tenant: 'o' })).toEqual({});
  });
  it('names the set and tags the mail with template and tenant (SES tag characters only)', () => {
    process.env.SES_CONFIGURATION_SET = 'MailSet';
    expect(deliveryTracking({ template: 'organization-invitation', tenant: 'org 1/x' })).toEqual({
      ConfigurationSetName: 'MailSet',
      Tags: [
        { Name: 'template', Value: 'organization-invitation' },
        { Name: 'tenant', Value: 'org_1_x' },
      ],
    });
    expect(deliveryTracking({})).toEqual({ ConfigurationSetName: 'MailSet' });
  });
});
