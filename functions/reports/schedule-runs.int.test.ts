import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant } from '../lib/keys.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';
import { forgetModules, modulesKey } from '../lib/modules.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useMailEndpoint, useTestMail, useTestTable } from '../testing/harness.js';
import { handler as sweepHandler } from '../sweeps/report-schedules.js';
import { reportDayKey } from '../reservation-rows/aggregates.js';
import { claimDue, runDueSchedules } from './schedule-sweep.js';

/**
 * Scheduled reports really arrive (docs/decisions/0207-reports-scheduled-reports-really-arrive.md): against DynamoDB Local and the SES emulator (which
 * parses each raw message with mailparser, so an attachment it lists was well-formed MIME).
 */
let ses: RunningSes;
let admin: TestSession;
let other: TestSession;
const ZONE = 'America/New_York';
/** The due index's shape, spelled out (docs/data-model.md) rather than taken from the code under test. */
const DUE_PK = 'SWEEP#REPORTSCHEDULES';
const dueSk = (nextRun: string, tenant: string, id: string) => `${nextRun}#${tenant}#${id}`;
/** The next 07:00 in the organization's zone after now: a daily 07:00 schedule's next run. */
const next7am = () => {
  const today = zonedDateTime(todayIn(ZONE), '07:00', ZONE);
  return (
    today.getTime() > Date.now() ? today : zonedDateTime(addDaysToDay(todayIn(ZONE), 1), '07:00', ZONE)
  ).toISOString();
};

interface Caught {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments: { filename?: string; contentType: string; content: string; size: number }[];
}
const allMail = async (to: string): Promise<Caught[]> =>
  ((await (await fetch(ses.inboxUrl)).json()) as { emails: Caught[] }).emails.filter((m) =>
    m.destination.to.some((t) => t.includes(to)),
  );
/** The report e-mails (with their file) to `to`; the one confirmation an outside address gets has none. */
const inbox = async (to: string): Promise<Caught[]> => (await allMail(to)).filter((m) => m.attachments.length > 0);

const rowOf = async (s: TestSession, id: string) =>
  (
    await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: keys.tenantPartition(trustedTenant(s.tenant)), sk: `REPORTSCHEDULE#${id}` },
      }),
    )
  ).Item!;

/** Moves a schedule's next run into the past, as time passing would. */
async function makeDue(s: TestSession, id: string, minutesAgo = 3): Promise<string> {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: keys.tenantPartition(trustedTenant(s.tenant)), sk: `REPORTSCHEDULE#${id}` },
      UpdateExpression: 'SET nextRun = :at, gsi1pk = :pk, gsi1sk = :sk',
      ExpressionAttributeValues: { ':at': at, ':pk': DUE_PK, ':sk': dueSk(at, s.tenant, id) },
    }),
  );
  return at;
}

/** Creates a schedule; its outside recipients then confirm through the link mailed to them (docs/decisions/0002-report-mail-recipients.md). */
const create = async (s: TestSession, body: Record<string, unknown>) => {
  const res = await call('POST', '/api/reports/schedules', {
    token: s.token,
    body: {
      name: 'Weekly revenue',
      reportType: 'revenue',
      schedule: { frequency: 'weekly', time: '07:00', daysOfWeek: [0, 1, 2, 3, 4, 5, 6] },
      ...body,
    },
  });
  expect(res.status, res.raw).toBe(200);
  for (const to of (body.recipients as string[] | undefined) ?? []) {
    const [confirmation] = (await allMail(to)).filter((m) => m.attachments.length === 0);
    const token = /\/report-mail\/confirm\/([A-Za-z0-9_-]{43})/.exec(confirmation?.body.text ?? '')?.[1];
    expect(token, `confirmation mail to ${to}`).toBeTruthy();
    expect((await call('POST', `/public/report-mail/confirm/${token}`)).status).toBe(200);
  }
  return res.body as { id: string; nextRun: string };
};

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('reports@test.example');
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  other = await sessionFor({ role: 'BUSINESS_ADMIN' });
  // Revenue of the last week, as the reservation transactions keep it (per-day aggregate rows).
  const yesterday = addDaysToDay(todayIn(ZONE), -1);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...reportDayKey(trustedTenant(admin.tenant), yesterday),
        n: 3,
        b: 3,
        rev: 123_450,
        ovr: 1_500,
        's#COMPLETED': 3,
        'k#ITEM': 3,
      },
    }),
  );
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

describe('the report-schedules sweep', () => {
  it('e-mails a due schedule once, with a valid Excel attachment, even when two sweeps run at once; another tenant is untouched', async () => {
    const to = 'weekly-owner@example.com';
    const mine = await create(admin, { format: 'excel', recipients: [to] });
    const theirs = await create(other, { recipients: ['theirs@example.com'] });
    const theirsBefore = await rowOf(other, theirs.id);
    const dueAt = await makeDue(admin, mine.id);

    const [a, b] = await Promise.all([runDueSchedules(), runDueSchedules()]);
    expect(a.claimed + b.claimed).toBe(1);
    expect(a.succeeded + b.succeeded).toBe(1);

    const mails = await inbox(to);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Revenue Report - /);
    expect(mail.body.text).toContain('Attached is the Revenue Report');
    expect(mail.attachments).toHaveLength(1);
    const file = mail.attachments[0]!;
    expect(file.filename).toMatch(/^revenue-.*\.xlsx$/);
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.content, 'base64') as unknown as ArrayBuffer);
    const cells = wb.worksheets[0]!.getSheetValues()
      .flat()
      .filter((v) => v != null);
    expect(cells).toContain('Booked');
    expect(cells).toContain(1234.5);

    const row = await rowOf(admin, mine.id);
    expect(row).toMatchObject({ runCount: 1, successCount: 1, failureCount: 0 });
    expect(row.runningSince).toBeUndefined();
    expect(row.nextRun).toBe(next7am());
    // The claim moved makeDue's legacy unsharded pointer into the tenant's shard (R-PLAT-17).
    expect(row.gsi1pk).toBe(shardedIndexKey(DUE_PK, admin.tenant));
    expect(row.gsi1sk).toBe(dueSk(next7am(), admin.tenant, mine.id));
    expect(Date.parse(row.lastRun)).toBeGreaterThanOrEqual(Date.parse(dueAt));
    expect(row.history).toHaveLength(1);
    expect(row.history[0]).toMatchObject({
      trigger: 'schedule',
      outcome: 'success',
      sent: 1,
      fileName: file.filename,
      error: null,
    });

    // Not due any more: the next sweep sends nothing.
    expect((await runDueSchedules()).claimed).toBe(0);
    expect(await inbox(to)).toHaveLength(1);
    // The other tenant's schedule (not due) was not touched.
    expect(await rowOf(other, theirs.id)).toEqual(theirsBefore);
    expect(await inbox('theirs@example.com')).toHaveLength(0);
  });

  it('the claim is the lock: of five claims of the same due run, exactly one wins', async () => {
    const s = await create(admin, { recipients: ['claim@example.com'] });
    const seen = await makeDue(admin, s.id);
    const row = await rowOf(admin, s.id);
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimDue(trustedTenant(admin.tenant), s.id, seen, row.schedule, Date.now())),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(Date.parse((await rowOf(admin, s.id)).nextRun)).toBeGreaterThan(Date.now());
  });

  it('the Lambda handler (sweepHandler) runs it too: a daily log as CSV to two recipients, one message each', async () => {
    const s = await create(admin, {
      reportType: 'daily-log',
      format: 'csv',
      recipients: ['csv-a@example.com', 'csv-b@example.com'],
    });
    await makeDue(admin, s.id);
    const result = await sweepHandler();
    expect(result.claimed).toBe(1);
    for (const to of ['csv-a@example.com', 'csv-b@example.com']) {
      const [mail, ...more] = await inbox(to);
      expect(more).toEqual([]);
      expect(mail!.destination.to).toEqual([to]);
      expect(mail!.attachments[0]!.filename).toMatch(/^daily-log-.*\.csv$/);
      expect(Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8')).toMatch(
        /^Reservation,Start,Customer,Item \/ Service,Status,Total\r\n/,
      );
    }
  });

  it('a failed send counts as a failure, moves on to the next run and is not retried in a loop', async () => {
    const s = await create(admin, { recipients: ['unlucky@example.com'] });
    await makeDue(admin, s.id);
    useMailEndpoint('http://127.0.0.1:9');
    try {
      const first = await runDueSchedules();
      expect(first).toMatchObject({ claimed: 1, failed: 1, succeeded: 0 });
      const again = await runDueSchedules();
      expect(again.claimed).toBe(0);
    } finally {
      useMailEndpoint(ses.endpoint);
    }
    const row = await rowOf(admin, s.id);
    expect(row).toMatchObject({ runCount: 1, successCount: 0, failureCount: 1 });
    expect(Date.parse(row.nextRun)).toBeGreaterThan(Date.now());
    expect(row.history[0]).toMatchObject({ outcome: 'failure', sent: 0 });
    expect(row.history[0].error).toContain('Not sent to 1 of 1');
  });

  it('a disabled schedule is out of the due index: the sweep never claims it', async () => {
    const s = await create(admin, { recipients: ['off@example.com'] });
    await makeDue(admin, s.id);
    const off = await call('PATCH', `/api/reports/schedules/${s.id}`, { token: admin.token, body: { enabled: false } });
    expect(off.body).toMatchObject({ enabled: false, status: 'disabled', nextRun: null });
    expect((await rowOf(admin, s.id)).gsi1pk).toBeUndefined();
    expect((await runDueSchedules()).claimed).toBe(0);
    const on = await call('PATCH', `/api/reports/schedules/${s.id}`, { token: admin.token, body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, status: 'scheduled' });
    expect(Date.parse((on.body as { nextRun: string }).nextRun)).toBeGreaterThan(Date.now());
    expect((await rowOf(admin, s.id)).gsi1pk).toBe(shardedIndexKey(DUE_PK, admin.tenant));
    expect(await inbox('off@example.com')).toHaveLength(0);
    expect(
      (await call('PATCH', `/api/reports/schedules/${s.id}`, { token: other.token, body: { enabled: false } })).status,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/reports/schedules/${s.id}`, { token: admin.token, body: { enabled: 'no' } })).status,
    ).toBe(400);
  });

  it('skips (sends nothing, counts nothing) while the organization has the Reports module off', async () => {
    const s = await create(admin, { recipients: ['module-off@example.com'] });
    await makeDue(admin, s.id);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...modulesKey(trustedTenant(admin.tenant)), states: { reports: false }, version: 1 },
      }),
    );
    forgetModules();
    try {
      expect(await runDueSchedules()).toMatchObject({ claimed: 1, skipped: 1 });
    } finally {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...modulesKey(trustedTenant(admin.tenant)), states: { reports: true }, version: 2 },
        }),
      );
      forgetModules();
    }
    const row = await rowOf(admin, s.id);
    expect(row).toMatchObject({ runCount: 0, successCount: 0, failureCount: 0 });
    expect(row.history[0]).toMatchObject({ outcome: 'skipped', error: 'The Reports module is disabled' });
    expect(await inbox('module-off@example.com')).toHaveLength(0);
  });
});

describe('Run now', () => {
  it('sends at once (a PDF), keeps the next scheduled run, refuses a second Run now within a minute', async () => {
    const to = 'now@example.com';
    const s = await create(admin, { recipients: [to] });
    const res = await call('POST', `/api/reports/schedules/${s.id}/run`, { token: admin.token });
    expect(res.status, res.raw).toBe(200);
    const body = res.body as { schedule: any; run: any };
    expect(body.run).toMatchObject({ trigger: 'manual', outcome: 'success', sent: 1 });
    expect(body.schedule).toMatchObject({ runCount: 1, successCount: 1, status: 'scheduled', nextRun: s.nextRun });
    expect(body.schedule.history).toHaveLength(1);

    const [mail] = await inbox(to);
    const file = mail!.attachments[0]!;
    expect(file.contentType).toBe('application/pdf');
    const pdf = await PDFDocument.load(Buffer.from(file.content, 'base64'));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toContain('Revenue Report');

    const again = await call('POST', `/api/reports/schedules/${s.id}/run`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.raw).toContain('This report was sent less than a minute ago');
    expect(await inbox(to)).toHaveLength(1);
  });

  it('two Run now at once: one sends, the other is refused', async () => {
    const s = await create(admin, { recipients: ['twice@example.com'] });
    const both = await Promise.all(
      [1, 2].map(() => call('POST', `/api/reports/schedules/${s.id}/run`, { token: admin.token })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await inbox('twice@example.com')).toHaveLength(1);
    expect(await rowOf(admin, s.id)).toMatchObject({ runCount: 1, successCount: 1 });
  });

  it("is 404 for another tenant's schedule and for an unknown one", async () => {
    const s = await create(admin, { recipients: ['private@example.com'] });
    expect((await call('POST', `/api/reports/schedules/${s.id}/run`, { token: other.token })).status).toBe(404);
    expect((await call('POST', '/api/reports/schedules/nope/run', { token: admin.token })).status).toBe(404);
    expect(await inbox('private@example.com')).toHaveLength(0);
    expect((await rowOf(admin, s.id)).runCount).toBe(0);
  });

  it('keeps the last 100 runs (R-REP-2)', async () => {
    const s = await create(admin, { recipients: ['cap@example.com'] });
    const old = Array.from({ length: 100 }, (_, i) => ({
      at: new Date(2026, 0, 1, 0, i).toISOString(),
      trigger: 'schedule',
      outcome: 'success',
      period: `old-${i}`,
      sent: 1,
      fileName: null,
      error: null,
    }));
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: keys.tenantPartition(trustedTenant(admin.tenant)), sk: `REPORTSCHEDULE#${s.id}` },
        UpdateExpression: 'SET history = :h',
        ExpressionAttributeValues: { ':h': old },
      }),
    );
    const res = await call('POST', `/api/reports/schedules/${s.id}/run`, { token: admin.token });
    const history = (res.body as { schedule: { history: { period: string; trigger: string }[] } }).schedule.history;
    expect(history).toHaveLength(100);
    expect(history[0]!.period).toBe('old-1');
    expect(history.at(-1)!.trigger).toBe('manual');
    expect((await rowOf(admin, s.id)).history).toHaveLength(100);
  });

  it('refuses a format the report type does not allow (R-REP-4)', async () => {
    const res = await call('POST', '/api/reports/schedules', {
      token: admin.token,
      body: {
        name: 'x',
        reportType: 'revenue',
        format: 'csv',
        schedule: { frequency: 'daily', time: '07:00' },
        recipients: ['a@b.co'],
      },
    });
    expect(res.status).toBe(400);
    expect(res.raw).toContain('Format csv not supported for report type revenue');
  });
});
