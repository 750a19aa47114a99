/**
 * Scheduled reports that really arrive (docs/decisions/0207-reports-scheduled-reports-really-arrive.md; R-REP-6): a run computes the report
 * of its period in the organization's zone from the aggregates (./reports.ts), renders the chosen
 * file with the builders the Reports screen uses (shared/reports), and e-mails it to each recipient
 * through SES SendRawEmail with the file attached. The sweep (functions/sweeps/report-schedules.ts)
 * and Run now (POST /api/reports/schedules/{id}/run) share `execute`.
 *
 * Exactly once (./schedule-sweep.ts): the sweep reads due schedules from the gsi1 index (one Query, never a Scan) and
 * claims each with an UpdateItem conditional on `enabled` and the `nextRun` it read, which moves
 * `nextRun` to the next run after now. Of two sweeps that read the same due schedule, one claim
 * succeeds; the other fails its condition and sends nothing. A failed send counts as a failure and
 * waits for the next run (the claim already moved `nextRun`): no retry loop. A schedule overdue by
 * several runs (sweeps stopped) runs once, then at its next time.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  normalizeRecipient,
  REPORT_MAIL_CAP_MESSAGE,
  SCHEDULE_HISTORY_CAP,
  type ReportSchedule,
  type ScheduleRunEntry,
} from '../../shared/contract/report-schedule-models.js';
import { getOrganization } from '../auth/store.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { conflict, notFound, tooManyRequests } from '../lib/errors.js';
import { type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { sendMailWithAttachments } from '../lib/mail.js';
import { cachedModules, cachedOrganizationStatus, isShutOut } from '../lib/modules.js';
import { organizationTimeZone } from '../lib/organization.js';
import { takeFromWindow, type WindowLimit } from '../lib/rate-limit.js';
import { renderStoredEmail } from '../lib/template-store.js';
import { reserveReportMail } from './mail-quota.js';
import {
  activeStaffEmails,
  deliverable,
  newRecipientLink,
  oneClickUnsubscribeUrl,
  unsubscribePageUrl,
} from './recipients.js';
import { periodText, reportPeriod } from './period.js';
import { computeReport, renderReportFile } from './report-file.js';
import { getScheduleRow, parseScheduleRow, scheduleKey, type ScheduleRow, scheduleView } from './schedules.js';

/** Run now is refused while a run of the same schedule started less than this ago (two clicks send once). */
const MANUAL_RUN_GAP_MS = 60_000;
/**
 * Run now per organization, whatever the schedule: with the per-schedule gap above, parallel clicks on
 * several schedules cannot multiply mail either (docs/decisions/0002-report-mail-recipients.md); the daily cap bounds the rest.
 */
export const RUN_NOW_PER_TENANT: WindowLimit = { limit: 10, windowSeconds: 10 * 60 };
const RUN_NOW_LIMITED =
  'Too many reports were run by hand in the last few minutes. Please wait a few minutes; scheduled runs still go out at their time.';
const NO_RECIPIENT_YET =
  'No recipient can receive it yet: outside addresses receive reports once they confirm, unsubscribed ones never';

// ---------------------------------------------------------------- one run

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 300);

/**
 * Sends the report of `row` (already claimed by the caller) and records the outcome: counts, the
 * history entry (capped), `runningSince` cleared. Never throws for a failed report or send: that is
 * the run's failure, recorded on the schedule.
 */
export async function execute(
  tenant: TenantId,
  row: ScheduleRow,
  trigger: ScheduleRunEntry['trigger'],
  now = Date.now(),
): Promise<{ schedule: ReportSchedule | null; run: ScheduleRunEntry; capped: boolean }> {
  const at = new Date(now).toISOString();
  const zone = await organizationTimeZone(tenant, now);
  const period = reportPeriod(row.reportType, row.schedule.frequency, zone, now);
  const entry: ScheduleRunEntry = {
    at,
    trigger,
    outcome: 'success',
    period: periodText(period),
    sent: 0,
    fileName: null,
    error: null,
  };
  let capped = false;

  const [status, modules] = await Promise.all([cachedOrganizationStatus(tenant, now), cachedModules(tenant, now)]);
  if (isShutOut(status) || !modules.reports) {
    entry.outcome = 'skipped';
    entry.error = isShutOut(status) ? 'The organization is suspended' : 'The Reports module is disabled';
  } else {
    try {
      // Only staff, confirmed and not unsubscribed addresses (./recipients.ts); the day's cap is taken
      // for all of them at once before any work, so a run either fits entirely or sends nothing.
      const to = deliverable(row, await activeStaffEmails(tenant));
      if (!to.length) {
        entry.outcome = 'skipped';
        entry.error = NO_RECIPIENT_YET;
      } else if (!(await reserveReportMail(tenant, to.length, now))) {
        entry.outcome = 'skipped';
        entry.error = REPORT_MAIL_CAP_MESSAGE;
        capped = true;
      } else {
        const [report, org] = await Promise.all([
          computeReport(tenant, row.reportType, period),
          getOrganization(tenant),
        ]);
        const business = org?.name || 'Rental business';
        const file = await renderReportFile(report, row.format ?? 'pdf', zone, business);
        entry.fileName = file.filename;
        const failures: string[] = [];
        // One message per recipient: recipients do not see each other's addresses, and each carries its own unsubscribe link.
        for (const address of to) {
          try {
            const { token } = await newRecipientLink(tenant, row.id, normalizeRecipient(address), 'unsubscribe', now);
            const mail = await renderStoredEmail('scheduled-report', {
              businessName: business,
              scheduleName: row.name,
              reportTitle: file.title,
              period: file.range,
              fileName: file.filename,
              frequency: row.schedule.frequency,
              unsubscribeUrl: unsubscribePageUrl(token),
            });
            await sendMailWithAttachments({
              to: address,
              ...mail,
              tenant,
              attachments: [file],
              listUnsubscribe: oneClickUnsubscribeUrl(token),
            });
            entry.sent++;
          } catch (e) {
            failures.push(`${address}: ${errorText(e)}`);
          }
        }
        if (failures.length) {
          entry.outcome = 'failure';
          entry.error = `Not sent to ${failures.length} of ${to.length}: ${failures.join('; ')}`.slice(0, 300);
        }
      }
    } catch (e) {
      entry.outcome = 'failure';
      entry.error = errorText(e);
    }
  }
  if (entry.outcome === 'failure')
    logger.warn('scheduled report failed', { tenant, schedule: row.id, error: entry.error });
  const schedule = await finish(tenant, row.id, entry, now);
  return { schedule, run: entry, capped };
}

/** Records a run's outcome; null when the schedule was deleted meanwhile. */
async function finish(
  tenant: TenantId,
  id: string,
  entry: ScheduleRunEntry,
  now: number,
): Promise<ReportSchedule | null> {
  const counted = entry.outcome !== 'skipped';
  const adds = counted
    ? ` ADD runCount :one, ${entry.outcome === 'success' ? 'successCount' : 'failureCount'} :one`
    : '';
  let row: ScheduleRow;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKey(tenant, id),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_NEW',
        UpdateExpression: `SET history = list_append(if_not_exists(history, :empty), :entry) REMOVE runningSince${adds}`,
        ExpressionAttributeValues: { ':empty': [], ':entry': [entry], ...(counted ? { ':one': 1 } : {}) },
      }),
    );
    row = parseScheduleRow(res.Attributes!);
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
  const history = row.history;
  if (history.length > SCHEDULE_HISTORY_CAP) {
    // Drop the oldest entries, only if nobody appended since (a concurrent run trims on its own finish).
    const extra = history.length - SCHEDULE_HISTORY_CAP;
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: scheduleKey(tenant, id),
          ConditionExpression: 'size(history) = :n',
          UpdateExpression: `REMOVE ${Array.from({ length: extra }, (_, i) => `history[${i}]`).join(', ')}`,
          ExpressionAttributeValues: { ':n': history.length },
        }),
      );
      row.history = history.slice(extra);
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  return scheduleView(row, now);
}

// ---------------------------------------------------------------- Run now

/**
 * POST /api/reports/schedules/{id}/run: sends now (enabled or not), without moving the next scheduled
 * run. Refused (409) while a run of it is sending and within a minute of the last Run now, so a
 * double click or an impatient second click does not mail everyone twice; 429 past the organization's
 * Run now window or when the day's report e-mails are used up (nothing sent).
 */
export async function runScheduleNow(
  tenant: TenantId,
  id: string,
  now = Date.now(),
): Promise<{ schedule: ReportSchedule; run: ScheduleRunEntry }> {
  if (!(await takeFromWindow('reportrun', tenant, RUN_NOW_PER_TENANT, now))) throw tooManyRequests(RUN_NOW_LIMITED);
  let row: ScheduleRow;
  const recent = new Date(now - MANUAL_RUN_GAP_MS).toISOString();
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKey(tenant, id),
        ReturnValues: 'ALL_NEW',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(runningSince) OR runningSince < :recent) AND (attribute_not_exists(lastManualRun) OR lastManualRun < :recent)',
        UpdateExpression: 'SET runningSince = :now, lastRun = :now, lastManualRun = :now',
        ExpressionAttributeValues: { ':now': new Date(now).toISOString(), ':recent': recent },
      }),
    );
    row = parseScheduleRow(res.Attributes!);
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const current = await getScheduleRow(tenant, id); // 404 when it does not exist
    throw conflict(
      current.runningSince && current.runningSince >= recent
        ? 'This scheduled report is already running'
        : 'This report was sent less than a minute ago; try again in a minute',
    );
  }
  const out = await execute(tenant, row, 'manual', now);
  if (!out.schedule) throw notFound('Scheduled report not found');
  // The run is in the history as skipped; the person who clicked is told why nothing went out.
  if (out.capped) throw tooManyRequests(REPORT_MAIL_CAP_MESSAGE);
  return { schedule: out.schedule, run: out.run };
}
