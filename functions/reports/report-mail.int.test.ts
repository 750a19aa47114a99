import { SESClient } from '@aws-sdk/client-ses';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPORT_MAIL_CAP_MESSAGE, REPORT_MAIL_DAILY_CAP } from '../../shared/contract/report-schedule-models.js';
import { todayIn } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant } from '../lib/keys.js';
import { RUN_NOW_PER_TENANT } from './schedule-runs.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { reserveReportMail } from './mail-quota.js';

/**
 * docs/decisions/0002-report-mail-recipients.md: report mail goes only where it should. Against DynamoDB Local and the SES emulator.
 */
let ses: RunningSes;
const ZONE = 'America/New_York';

interface Caught {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments: unknown[];
}
const allMail = async (to: string): Promise<Caught[]> =>
  ((await (await fetch(ses.inboxUrl)).json()) as { emails: Caught[] }).emails.filter((m) =>
    m.destination.to.some((t) => t.toLowerCase().includes(to.toLowerCase())),
  );
const reports = async (to: string) => (await allMail(to)).filter((m) => m.attachments.length > 0);
const confirmations = async (to: string) => (await allMail(to)).filter((m) => m.attachments.length === 0);
const linkToken = (text: string | undefined, kind: 'confirm' | 'unsubscribe') =>
  new RegExp(`/report-mail/${kind}/([A-Za-z0-9_-]{43})`).exec(text ?? '')?.[1];

const scheduleBody = (recipients: string[], name = 'Weekly revenue') => ({
  name,
  reportType: 'revenue',
  schedule: { frequency: 'weekly', time: '07:00', daysOfWeek: [1] },
  recipients,
});
const create = (s: TestSession, recipients: string[], name?: string) =>
  call('POST', '/api/reports/schedules', { token: s.token, body: scheduleBody(recipients, name) });
const runNow = (s: TestSession, id: string) => call('POST', `/api/reports/schedules/${id}/run`, { token: s.token });
const staffEmail = (s: TestSession) => `${s.userId}@test.example`;
const statesOf = async (s: TestSession, id: string) =>
  (
    (await call('GET', '/api/reports/schedules', { token: s.token })).body.schedules as {
      id: string;
      recipientStates: { address: string; state: string }[];
    }[]
  ).find((x) => x.id === id)!.recipientStates;

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('reports@test.example');
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

describe('who may add which recipient', () => {
  it("an employee (or a manager) adding an outside address gets 403 and nothing is created or mailed; the tenant's active staff are fine", async () => {
    const admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE' });
    const manager = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'MANAGER' });
    const stranger = 'victim-of-phishing@example.com';

    for (const who of [employee, manager]) {
      const res = await create(who, [staffEmail(admin), stranger], 'Your account is locked: click here');
      expect(res.status, res.raw).toBe(403);
      expect(res.body).toMatchObject({ error: 'Forbidden' });
      expect(res.body.message).toContain('Only an administrator can add recipients who are not active staff');
      expect(res.body.message).toContain(stranger);
    }
    expect(await allMail(stranger)).toHaveLength(0);
    expect((await call('GET', '/api/reports/schedules', { token: admin.token })).body.schedules).toEqual([]);

    // Staff only (case and duplicates do not matter): created, no confirmation, and Run now delivers.
    const ok = await create(employee, [staffEmail(admin).toUpperCase(), staffEmail(employee), staffEmail(employee)]);
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.recipientStates).toEqual([
      { address: staffEmail(admin), state: 'staff' },
      { address: staffEmail(employee), state: 'staff' },
    ]);
    expect(await confirmations(staffEmail(admin))).toHaveLength(0);
    const run = await runNow(employee, ok.body.id);
    expect(run.status, run.raw).toBe(200);
    expect(run.body.run).toMatchObject({ outcome: 'success', sent: 2 });
    expect(await reports(staffEmail(admin))).toHaveLength(1);
  });
});

describe('double opt-in and unsubscribe', () => {
  it("an administrator's outside address gets only the confirmation until it confirms; then reports, each with a one-click unsubscribe that stops them", async () => {
    const admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const outside = 'accountant@example.com';
    const created = await create(admin, [outside, staffEmail(admin)], 'Weekly revenue "for the books"');
    expect(created.status, created.raw).toBe(200);
    const id = created.body.id as string;
    expect(created.body.recipientStates).toEqual([
      { address: outside, state: 'pending' },
      { address: staffEmail(admin), state: 'staff' },
    ]);

    // Exactly one mail to the outside address: the confirmation, without the schedule's free-text name.
    const [confirmation, ...more] = await allMail(outside);
    expect(more).toEqual([]);
    expect(confirmation!.attachments).toEqual([]);
    expect(confirmation!.subject).toContain('Confirm');
    expect(confirmation!.body.text).not.toContain('for the books');
    const confirmToken = linkToken(confirmation!.body.text, 'confirm');
    expect(confirmToken).toBeTruthy();

    // Before it confirms, Run now mails the staff only.
    const first = await runNow(admin, id);
    expect(first.body.run).toMatchObject({ outcome: 'success', sent: 1 });
    expect(await reports(outside)).toHaveLength(0);
    expect(await reports(staffEmail(admin))).toHaveLength(1);

    // A confirmation token cannot unsubscribe, a forged one does nothing.
    expect((await call('POST', `/public/report-mail/unsubscribe/${confirmToken}`)).status).toBe(404);
    expect((await call('POST', `/public/report-mail/confirm/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await call('POST', '/public/report-mail/confirm/short')).body).toMatchObject({ error: 'NotFound' });

    const confirmed = await call('POST', `/public/report-mail/confirm/${confirmToken}`);
    expect(confirmed.status, confirmed.raw).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed' });
    expect((await call('POST', `/public/report-mail/confirm/${confirmToken}`)).status).toBe(200); // a second click
    expect(await statesOf(admin, id)).toContainEqual({ address: outside, state: 'confirmed' });

    // Past the per-schedule minute, Run now reaches the confirmed address too.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...(
            await db().send(
              new GetCommand({
                TableName: tableName(),
                Key: { pk: keys.tenantPartition(trustedTenant(admin.tenant)), sk: `REPORTSCHEDULE#${id}` },
              }),
            )
          ).Item!,
          lastManualRun: '2000-01-01T00:00:00.000Z',
        },
      }),
    );
    const second = await runNow(admin, id);
    expect(second.body.run).toMatchObject({ outcome: 'success', sent: 2 });
    const [report] = await reports(outside);
    expect(report!.body.text).toContain('Unsubscribe from this report');
    const unsubscribeToken = linkToken(report!.body.text, 'unsubscribe');
    expect(unsubscribeToken).toBeTruthy();
    expect((await call('POST', `/public/report-mail/confirm/${unsubscribeToken}`)).status).toBe(404);

    // RFC 8058 one-click: a form-encoded POST, no session.
    const off = await call('POST', `/public/report-mail/unsubscribe/${unsubscribeToken}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(off.status, off.raw).toBe(200);
    expect(off.body).toMatchObject({ status: 'unsubscribed' });
    expect(await statesOf(admin, id)).toContainEqual({ address: outside, state: 'unsubscribed' });
    // The old confirmation link does not subscribe it again.
    expect((await call('POST', `/public/report-mail/confirm/${confirmToken}`)).status).toBe(410);

    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...(
            await db().send(
              new GetCommand({
                TableName: tableName(),
                Key: { pk: keys.tenantPartition(trustedTenant(admin.tenant)), sk: `REPORTSCHEDULE#${id}` },
              }),
            )
          ).Item!,
          lastManualRun: '2000-01-01T00:00:00.000Z',
        },
      }),
    );
    const third = await runNow(admin, id);
    expect(third.body.run).toMatchObject({ outcome: 'success', sent: 1 });
    expect(await reports(outside)).toHaveLength(1);
    expect(await reports(staffEmail(admin))).toHaveLength(3);
  });

  it('every report e-mail carries List-Unsubscribe (its own https link) and List-Unsubscribe-Post', async () => {
    const admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const created = await create(admin, [staffEmail(admin)]);
    const raws: string[] = [];
    const send = vi.spyOn(SESClient.prototype, 'send');
    send.mockImplementation(async function (
      this: SESClient,
      command: { input?: { RawMessage?: { Data?: Uint8Array } } },
    ) {
      if (command.input?.RawMessage?.Data) raws.push(Buffer.from(command.input.RawMessage.Data).toString('utf8'));
      return { MessageId: 'captured' };
    } as never);
    try {
      const res = await runNow(admin, created.body.id);
      expect(res.body.run).toMatchObject({ outcome: 'success', sent: 1 });
    } finally {
      send.mockRestore();
    }
    expect(raws).toHaveLength(1);
    const head = raws[0]!.slice(0, raws[0]!.indexOf('\r\n\r\n'));
    const header =
      /^List-Unsubscribe: <(http:\/\/localhost:3000\/public\/report-mail\/unsubscribe\/([A-Za-z0-9_-]{43}))>$/m.exec(
        head,
      );
    expect(header, head).toBeTruthy();
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // The header's link is the recipient's own: it unsubscribes exactly that address.
    expect((await call('POST', `/public/report-mail/unsubscribe/${header![2]}`)).status).toBe(200);
    expect(await statesOf(admin, created.body.id)).toEqual([{ address: staffEmail(admin), state: 'unsubscribed' }]);
  });
});

describe('the daily cap and the Run now window', () => {
  it('the cap holds under concurrency: of 30 runs of 10 mails, exactly 20 fit into 200', async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const results = await Promise.all(Array.from({ length: 30 }, () => reserveReportMail(s.tenant, 10)));
    expect(results.filter(Boolean)).toHaveLength(REPORT_MAIL_DAILY_CAP / 10);
    expect((await call('GET', '/api/reports/schedules', { token: s.token })).body.mailQuota).toMatchObject({
      sent: REPORT_MAIL_DAILY_CAP,
      limit: REPORT_MAIL_DAILY_CAP,
      day: todayIn(ZONE),
    });
  });

  it('cap reached: Run now answers 429 with the message, sends nothing, counts nothing; an outside address cannot even be added', async () => {
    const admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const created = await create(admin, [staffEmail(admin)]);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.entity(trustedTenant(admin.tenant), 'REPORTMAILDAY', todayIn(ZONE)),
          sent: REPORT_MAIL_DAILY_CAP,
        },
      }),
    );
    const res = await runNow(admin, created.body.id);
    expect(res.status, res.raw).toBe(429);
    expect(res.body).toMatchObject({ error: 'TooManyRequests', message: REPORT_MAIL_CAP_MESSAGE });
    expect(await reports(staffEmail(admin))).toHaveLength(0);
    const [s] = (await call('GET', '/api/reports/schedules', { token: admin.token })).body.schedules;
    expect(s).toMatchObject({ runCount: 0, successCount: 0, failureCount: 0 });
    expect(s.history.at(-1)).toMatchObject({ outcome: 'skipped', sent: 0, error: REPORT_MAIL_CAP_MESSAGE });

    const outside = await create(admin, ['late@example.com']);
    expect(outside.status).toBe(429);
    expect(await allMail('late@example.com')).toHaveLength(0);
  });

  it('Run now is limited per organization across schedules (429, nothing sent)', async () => {
    const admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const created = await create(admin, [staffEmail(admin)]);
    const index = Math.floor(Date.now() / 1000 / RUN_NOW_PER_TENANT.windowSeconds);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: `RATE#reportrun#${admin.tenant}`, sk: `W#${index}`, hits: RUN_NOW_PER_TENANT.limit },
      }),
    );
    const res = await runNow(admin, created.body.id);
    expect(res.status, res.raw).toBe(429);
    expect(res.body.message).toContain('Too many reports were run by hand');
    expect(await reports(staffEmail(admin))).toHaveLength(0);
  });
});
