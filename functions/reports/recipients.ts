/**
 * Report mail goes only where it should (docs/decisions/0002-report-mail-recipients.md).
 *
 * - A recipient who is an active user of the organization (by e-mail) is staff: no confirmation.
 * - Any other address may be added by an administrator only (403 for anyone else), and it is pending:
 *   it receives one confirmation e-mail and nothing else until it follows that link (double opt-in).
 * - Every report e-mail carries a one-click unsubscribe link of its own recipient.
 *
 * Links are random 256-bit tokens; only their hash is stored, in a pointer row that names the
 * tenant, the schedule, the address and what the link does, so a link acts on exactly that one
 * recipient of that one schedule (the pattern of share and setup links, functions/lib/secure-token.ts).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  normalizeRecipient,
  OUTSIDE_RECIPIENT_ADMIN_ONLY,
  REPORT_MAIL_CAP_MESSAGE,
  type RecipientState,
  type ReportSchedule,
  type ReportScheduleInput,
} from '../../shared/contract/report-schedule-models.js';
import { roleFlags } from '../../shared/domain/roles.js';
import { formatDateTimeIn } from '../../shared/domain/time-text.js';
import { REPORT_LABELS } from '../../shared/reports/model.js';
import * as z from '../../shared/zod.js';
import { getOrganization } from '../auth/store.js';
import { platformUrl } from '../auth/urls.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { forbidden, gone, notFound, tooManyRequests } from '../lib/errors.js';
import { trustedTenant, type TenantId } from '../lib/keys.js';
import { trySendMail } from '../lib/mail.js';
import { organizationTimeZone } from '../lib/organization.js';
import { rowParser } from '../lib/rows.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import type { AuthClaims } from '../lib/tokens.js';
import { renderStoredEmail } from '../lib/template-store.js';
import { listEmployees } from '../users/store.js';
import { reserveReportMail } from './mail-quota.js';
import { createSchedule, scheduleKey, type ScheduleRow } from './schedules.js';

type LinkPurpose = 'confirm' | 'unsubscribe';
/** A confirmation link works for two weeks; an unsubscribe link as long as its report may still arrive. */
const CONFIRM_LINK_MS = 14 * 86_400_000;
const UNSUBSCRIBE_LINK_MS = 400 * 86_400_000;
const LINK_INVALID = 'This link is not valid. Open it exactly as it came in the e-mail.';

const linkKey = (hash: string) => ({ pk: `REPORTMAIL#${hash}`, sk: 'REPORTMAIL' });
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** The link pointer `REPORTMAIL#{sha256(token)}`: which schedule's recipient, for what, until when. */
const parseLink = rowParser(
  'report mail link',
  z.object({
    tenantId: z.string(),
    scheduleId: z.string(),
    address: z.string(),
    purpose: z.enum(['confirm', 'unsubscribe']),
    validUntil: z.string(),
  }),
);

export async function newRecipientLink(
  tenant: TenantId,
  scheduleId: string,
  address: string,
  purpose: LinkPurpose,
  now = Date.now(),
): Promise<{ token: string; validUntil: string }> {
  const token = newSecretToken();
  const until = now + (purpose === 'confirm' ? CONFIRM_LINK_MS : UNSUBSCRIBE_LINK_MS);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...linkKey(hashToken(token)),
        tenantId: tenant,
        scheduleId,
        address,
        purpose,
        validUntil: new Date(until).toISOString(),
        expiresAt: Math.floor(until / 1000) + 30 * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { token, validUntil: new Date(until).toISOString() };
}

/** The SPA pages the e-mails link to (they POST to the public routes below when the person clicks). */
const confirmPageUrl = (token: string) => platformUrl(`/report-mail/confirm/${token}`).toString();
export const unsubscribePageUrl = (token: string) => platformUrl(`/report-mail/unsubscribe/${token}`).toString();
/** The List-Unsubscribe address: the API route itself, which a mail client POSTs to (RFC 8058). */
export const oneClickUnsubscribeUrl = (token: string) =>
  platformUrl(`/public/report-mail/unsubscribe/${token}`).toString();

/**
 * The organization's active users' confirmed e-mails, normalized. `email` is the confirmed address: a
 * new one waits as `pendingEmail` until its owner follows the link (R-EMP-9, functions/users/email-change.ts),
 * so changing one's own address to a stranger's does not make the stranger staff (R-REP-7).
 */
export async function activeStaffEmails(tenant: TenantId): Promise<Set<string>> {
  const rows = await listEmployees(tenant);
  return new Set(
    rows.filter((r) => r.status === 'ACTIVE' && r.isActive && r.email).map((r) => normalizeRecipient(r.email)),
  );
}

/**
 * Who gets a run's e-mail: never an unsubscribed address; a confirmed one; any other (staff when
 * added, pending, or a row written before states existed) only while it is an active user's e-mail,
 * so a deactivated employee stops receiving reports and an address that never confirmed never does.
 */
export function deliverable(
  row: Pick<ScheduleRow, 'recipients' | 'recipientStates'>,
  staff: ReadonlySet<string>,
): string[] {
  const states = row.recipientStates ?? {};
  return row.recipients.filter((a) => {
    const key = normalizeRecipient(a);
    const state = states[key];
    if (state === 'unsubscribed') return false;
    return state === 'confirmed' || staff.has(key);
  });
}

/**
 * POST /api/reports/schedules: the schedule with each recipient's state; outside addresses only from
 * an administrator, each mailed one confirmation (counted against the daily cap, taken before the
 * schedule is written, so a refused create leaves nothing behind).
 */
export async function createScheduleWithRecipients(
  tenant: TenantId,
  auth: AuthClaims,
  input: ReportScheduleInput,
  now = Date.now(),
): Promise<ReportSchedule> {
  const recipients = [...new Set(input.recipients.map(normalizeRecipient))];
  const staff = await activeStaffEmails(tenant);
  const outside = recipients.filter((a) => !staff.has(a));
  if (outside.length && !roleFlags(auth).isAdmin)
    throw forbidden(`${OUTSIDE_RECIPIENT_ADMIN_ONLY}: ${outside.join(', ')}`);
  if (outside.length && !(await reserveReportMail(tenant, outside.length, now)))
    throw tooManyRequests(`${REPORT_MAIL_CAP_MESSAGE} The confirmation e-mails to new outside recipients count too.`);
  const states: Record<string, RecipientState> = Object.fromEntries(
    recipients.map((a) => [a, staff.has(a) ? 'staff' : 'pending']),
  );
  const schedule = await createSchedule(tenant, { ...input, recipients }, states, now);
  if (outside.length) await sendConfirmations(tenant, schedule, outside, now);
  return schedule;
}

async function sendConfirmations(
  tenant: TenantId,
  schedule: ReportSchedule,
  addresses: string[],
  now: number,
): Promise<void> {
  const [org, zone] = await Promise.all([getOrganization(tenant), organizationTimeZone(tenant)]);
  const businessName = org?.name || 'A business';
  for (const to of addresses) {
    const { token, validUntil } = await newRecipientLink(tenant, schedule.id, to, 'confirm', now);
    const mail = await renderStoredEmail('report-recipient-confirmation', {
      businessName,
      reportTitle: REPORT_LABELS[schedule.reportType],
      frequency: schedule.schedule.frequency,
      confirmUrl: confirmPageUrl(token),
      expiresAt: formatDateTimeIn(validUntil, zone, { zoneName: true }),
    });
    // A confirmation that did not go out leaves the address pending: it simply never receives reports.
    await trySendMail({ to, ...mail, tenant });
  }
}

async function readLink(token: string, purpose: LinkPurpose, now: number) {
  if (!TOKEN_SHAPE.test(token)) throw notFound(LINK_INVALID);
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: linkKey(hashToken(token)) }));
  const link = res.Item ? parseLink(res.Item) : undefined;
  // A link of the other kind is as good as none: an unsubscribe link never confirms anybody.
  if (!link || link.purpose !== purpose) throw notFound(LINK_INVALID);
  if (Date.parse(link.validUntil) <= now)
    throw gone(
      purpose === 'confirm'
        ? 'This confirmation link has expired. Ask the business to add your address again.'
        : LINK_INVALID,
    );
  return {
    tenant: trustedTenant(link.tenantId),
    scheduleId: link.scheduleId,
    address: link.address,
  };
}

/** POST /public/report-mail/confirm/{token}: pending → confirmed (a second click answers the same). */
export async function confirmRecipient(
  token: string,
  now = Date.now(),
): Promise<{ status: 'confirmed'; message: string }> {
  const link = await readLink(token, 'confirm', now);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKey(link.tenant, link.scheduleId),
        UpdateExpression: 'SET recipientStates.#a = :confirmed',
        ConditionExpression: 'recipientStates.#a IN (:pending, :confirmed)',
        ExpressionAttributeNames: { '#a': link.address },
        ExpressionAttributeValues: { ':pending': 'pending', ':confirmed': 'confirmed' },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    // Deleted meanwhile, or this address unsubscribed: an old confirmation link does not subscribe it again.
    throw gone('This report is no longer sent to you: it was deleted, or you unsubscribed from it.');
  }
  return {
    status: 'confirmed',
    message: 'Thank you. You will receive this report from now on; every e-mail has a link to unsubscribe.',
  };
}

/** POST /public/report-mail/unsubscribe/{token} (also the one-click POST of RFC 8058): the address gets no more of this report. */
export async function unsubscribeRecipient(
  token: string,
  now = Date.now(),
): Promise<{ status: 'unsubscribed'; message: string }> {
  const link = await readLink(token, 'unsubscribe', now);
  const done = {
    status: 'unsubscribed' as const,
    message: 'You are unsubscribed: you will not receive this report any more.',
  };
  const key = scheduleKey(link.tenant, link.scheduleId);
  const names = { '#a': link.address };
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET recipientStates.#a = :u',
        ConditionExpression: 'attribute_exists(recipientStates)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':u': 'unsubscribed' },
      }),
    );
    return done;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
  try {
    // A schedule written before recipient states existed: start its map with this address.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET recipientStates = :m',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(recipientStates)',
        ExpressionAttributeValues: { ':m': { [link.address]: 'unsubscribed' } },
      }),
    );
  } catch (e) {
    // The schedule is gone (nothing will be sent), or a concurrent write made the map: try the first form once more.
    if (!isConditionFailure(e)) throw e;
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET recipientStates.#a = :u',
          ConditionExpression: 'attribute_exists(recipientStates)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':u': 'unsubscribed' },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionFailure(err)) throw err;
      });
  }
  return done;
}
