import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { isOverdue } from '../../shared/domain/reservations.js';
import { formatDateTimeIn } from '../../shared/domain/time-text.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { optimistic, RETRY } from '../lib/optimistic.js';
import { organizationTimeZone } from '../lib/organization.js';
import { renderEmail } from '../lib/templates.js';
import { loadTemplate } from '../lib/template-store.js';
import {
  getReservationRow,
  OVERDUE_INDEX_PK,
  overduePointerKey,
  parseOverduePointer,
  parseStartPointer,
  reservationKey,
  START_INDEX_PK,
  startPointerKey,
  statsKey,
  type ReservationRow,
} from '../reservation-rows/entity.js';
import { itemInUseParts } from '../inventory/item-book.js';
import { readItem } from '../bookings/items.js';
import { readReminderSettings } from '../settings/reminders.js';
import { shardedIndexItems } from '../lib/sweep-shards.js';
import { sweepHandler } from '../lib/sweep-handler.js';

/**
 * Every 5 minutes (functions/lib/sweep-schedules.ts), two passes over cross-tenant pointer indexes
 * (gsi1, never a Scan), each reading only what is due:
 * - SWEEP#OVERDUE (sort key endTime): ACTIVE item reservations past their end are marked overdue
 *   (R-RES-8) in one audited write (flag, counters `overdue` and `ITEM#overdue`, pointer
 *   removed, reservation-updated event), conditional on still being ACTIVE and not yet flagged, so
 *   two runs mark it once; the customer gets one e-mail when one is on file (template
 *   'reservation-overdue').
 * - SWEEP#RESSTART (sort key startTime): items of reservations that have started go IN_USE.
 */
export async function sweepOverdue(now = Date.now()): Promise<{ processed: number; overdue: number; started: number }> {
  let processed = 0;
  let overdue = 0;
  let started = 0;
  for await (const item of due(OVERDUE_INDEX_PK, now)) {
    processed++;
    const p = parseOverduePointer(item);
    if (await markOverdue(trustedTenant(p.tenantId), p.reservationId, now)) overdue++;
  }
  for await (const item of due(START_INDEX_PK, now)) {
    processed++;
    const p = parseStartPointer(item);
    if (await markStarted(trustedTenant(p.tenantId), p.reservationId, now)) started++;
  }
  return { processed, overdue, started };
}

/** Every shard of the index `base` (and its legacy key), what is due by now (R-PLAT-17). */
function due(base: string, now: number): AsyncGenerator<Record<string, unknown>> {
  return shardedIndexItems(base, {
    TableName: tableName(),
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :now',
    ExpressionAttributeValues: { ':now': new Date(now).toISOString() },
    Limit: 100,
  });
}

/** A sweep that keeps losing the race leaves the row to its next run. */
const notNow = () => false;

async function markOverdue(tenant: TenantId, id: string, now: number): Promise<boolean> {
  return optimistic(async () => {
    const r = await getReservationRow(tenant, id);
    if (!r || r.status !== 'ACTIVE' || r.deletedAt || r.isOverdue === true || !isOverdue(r, now)) {
      if (!r || r.status !== 'ACTIVE' || r.deletedAt || r.isOverdue === true)
        await db().send(new DeleteCommand({ TableName: tableName(), Key: overduePointerKey(tenant, id) }));
      return false;
    }
    const at = new Date(now).toISOString();
    // The late-return e-mail only while the tenant keeps it on (R-SET-7; the flag is set regardless).
    const mail =
      Boolean(r.customer?.email) && !r.overdueMailedAt && (await readReminderSettings(tenant)).lateReturnEnabled;
    const w = auditedWrite(tenant);
    w.update('reservation', reservationKey(tenant, id), {
      update: `SET isOverdue = :t, overdueAt = :at${mail ? ', overdueMailedAt = :at' : ''}`,
      condition: '#s = :active AND (attribute_not_exists(isOverdue) OR isOverdue = :f)',
      names: { '#s': 'status' },
      values: { ':t': true, ':f': false, ':at': at, ':active': 'ACTIVE' },
    });
    w.delete('pointer', overduePointerKey(tenant, id), { condition: 'attribute_exists(pk)' });
    w.count(statsKey(tenant, id), { overdue: 1, [`${r.kind}#overdue`]: 1 });
    w.event('reservation-updated', { id, reservationNumber: r.reservationNumber, status: 'ACTIVE', isOverdue: true });
    w.event('stats-updated', { reservations: true });
    try {
      await w.commit();
    } catch (e) {
      if (!(e instanceof WriteFailed)) throw e;
      if (e.failed.includes('pointer') || e.failed.includes('reservation')) return false; // another run did it, or it changed: next run decides
      return RETRY;
    }
    if (mail) await mailOverdue(tenant, r);
    return true;
  }, notNow);
}

async function mailOverdue(tenant: TenantId, r: ReservationRow): Promise<void> {
  const t = await loadTemplate('reservation-overdue');
  if (!t || !r.customer.email) return;
  const [zone, org] = await Promise.all([
    organizationTimeZone(tenant),
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.organization(tenant),
        ProjectionExpression: '#n',
        ExpressionAttributeNames: { '#n': 'name' },
      }),
    ),
  ]);
  const email = await renderEmail(t, {
    firstName: r.customer.firstName,
    lastName: r.customer.lastName,
    reservationNumber: r.reservationNumber,
    itemName: r.inventoryItem?.name ?? r.service?.name ?? 'your rental',
    endTime: formatDateTimeIn(r.endTime, zone, { zoneName: true }),
    businessName: (org.Item?.name as string | undefined) ?? 'us',
  });
  await trySendMail({
    to: r.customer.email,
    subject: email.subject,
    html: email.html,
    text: email.text,
    template: 'reservation-overdue',
    tenant,
  });
}

async function markStarted(tenant: TenantId, id: string, now: number): Promise<boolean> {
  return optimistic(async () => {
    const r = await getReservationRow(tenant, id);
    const info = r?.inventoryItemId ? await readItem(tenant, r.inventoryItemId) : null;
    const drop = () => db().send(new DeleteCommand({ TableName: tableName(), Key: startPointerKey(tenant, id) }));
    if (!r || r.status !== 'ACTIVE' || r.deletedAt || !info) return (await drop(), false);
    if (Date.parse(r.startTime) > now) return false;
    // Maintenance or out of service since: nothing to flip; the reservation keeps its claim.
    if (info.item.status !== 'AVAILABLE' && info.item.status !== 'IN_USE') return (await drop(), false);
    const at = new Date(now).toISOString();
    const w = auditedWrite(tenant);
    itemInUseParts(w, tenant, info.item, id, at);
    w.check('reservation', reservationKey(tenant, id), {
      condition: '#s = :active',
      names: { '#s': 'status' },
      values: { ':active': 'ACTIVE' },
    });
    w.delete('pointer', startPointerKey(tenant, id), { condition: 'attribute_exists(pk)' });
    try {
      await w.commit();
      return true;
    } catch (e) {
      if (!(e instanceof WriteFailed)) throw e;
      return e.failed.includes('pointer') ? false : RETRY;
    }
  }, notNow);
}

/** Sweep entry (EventBridge every 5 minutes; the local runtime on the same rate). */
export const handler = sweepHandler(
  'overdue-reservations',
  async (): Promise<{ processed: number; overdue: number; started: number }> => {
    const result = await sweepOverdue();
    if (result.processed) logger.info('overdue sweep', result);
    return result;
  },
);
