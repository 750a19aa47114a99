import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bucketStart, bucketsBetween, offsetsFor } from '../../shared/domain/reminders.js';
import type { ReminderSettings } from '../../shared/domain/reminders.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { loadTemplate } from '../lib/template-store.js';
import { compileEmail, type RenderedEmail } from '../lib/templates.js';
import { getReservationRow, type ReservationRow } from '../reservation-rows/entity.js';
import { reminderIndex, type ReminderMarker } from '../reservation-rows/reminders.js';
import { readReminderSettings } from '../settings/reminders.js';
import { claim, finish, release } from './reminder-lease.js';
import { shardedIndexPages } from '../lib/sweep-shards.js';
import { sweepHandler } from '../lib/sweep-handler.js';
import { type BusinessBits, readBusiness } from '../reservation-rows/booking-mail.js';
import { sendReminder, serviceOf, TEMPLATE } from './reminder-mail.js';

/**
 * The reminder sweep (R-SET-7, docs/decisions/0232-reminder-sweep.md), every minute:
 * 1. reads its cursor (the oldest UTC hour that may still hold a marker) and Queries each hour
 *    bucket `SWEEP#REMINDER#{hour}` from there up to now for markers due by now: keyed reads on the
 *    due time, never a Scan, so a run costs what is due, not what is booked;
 * 2. claims each marker with a conditional UpdateItem (a lease: `claimedUntil`, reminder-lease.ts), so of two
 *    overlapping runs (or two machines, or a retry) exactly one sends it;
 * 3. re-reads the reservation and sends only for an ACTIVE, undeleted reservation whose start has not
 *    moved and is still ahead, with a customer e-mail, while the tenant (and the service) keep
 *    reminders on (the e-mail: reminder-mail.ts); otherwise the marker is dropped;
 * 4. deletes the marker once SES took the mail; a failed send gives the lease back (tried again by
 *    the next run, at most MAX_ATTEMPTS times);
 * 5. moves the cursor to the oldest hour still holding a marker it could not finish (never newer than
 *    the hour of now minus CURSOR_LAG_MS, so a marker still travelling to the index is not skipped).
 * A run that dies between sending and deleting leaves a claimed marker that a run after the lease
 * sends again: at least once on a crash, exactly once otherwise.
 */
export const CURSOR_KEY = { pk: 'SWEEP#REMINDER', sk: 'CURSOR' };
/** On its first run (no cursor) the sweep looks this far back. */
const FIRST_LOOKBACK_MS = 48 * 3_600_000;
const CURSOR_LAG_MS = 5 * 60_000;
const CONCURRENCY = 16;
const PAGE = 500;
/**
 * A run claims nothing new after this long: its Lambda times out at its 1-minute rate
 * (infra/schedules.ts), and what it leaves unclaimed the next run (or an overlapping one) takes.
 */
const RUN_BUDGET_MS = 45_000;

interface ReminderSweepResult {
  processed: number;
  sent: number;
  dropped: number;
  busy: number;
  failed: number;
  /** DynamoDB reads of the run: Query pages, GetItems (bench). */
  reads: number;
}

type Outcome = 'sent' | 'dropped' | 'busy' | 'gone' | 'failed';

interface RunCache {
  /** Wall-clock instant after which this run claims no more markers. */
  deadline: number;
  settings: Map<string, Promise<ReminderSettings>>;
  business: Map<string, Promise<BusinessBits>>;
  /** The stored template, read and compiled once a run. */
  render?: Promise<(variables: Record<string, unknown>) => RenderedEmail>;
}

export async function sweepReminders(now = Date.now(), budgetMs = RUN_BUDGET_MS): Promise<ReminderSweepResult> {
  const result: ReminderSweepResult = { processed: 0, sent: 0, dropped: 0, busy: 0, failed: 0, reads: 0 };
  const cache: RunCache = { deadline: Date.now() + budgetMs, settings: new Map(), business: new Map() };
  const cursor = await db().send(new GetCommand({ TableName: tableName(), Key: CURSOR_KEY, ConsistentRead: true }));
  result.reads++;
  const from = typeof cursor.Item?.hour === 'string' ? bucketStart(cursor.Item.hour) : now - FIRST_LOOKBACK_MS;
  const buckets = bucketsBetween(from, now);
  let oldestUnfinished: string | null = null;
  for (const bucket of buckets) {
    let unfinished = 0;
    // Every shard of the hour's bucket and its legacy key (R-PLAT-17), in due order, 500 at a time.
    const query = {
      TableName: tableName(),
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':now': `${new Date(now).toISOString()}\uffff` },
      Limit: PAGE,
    };
    const countQuery = () => result.reads++;
    for await (const items of shardedIndexPages(reminderIndex(bucket), query, PAGE, { onQuery: countQuery })) {
      const due = items as unknown as ReminderMarker[];
      const outcomes = await pool(due, CONCURRENCY, (m) => remindOne(m, now, cache, result));
      for (const o of outcomes) {
        if (o !== 'gone') result.processed++;
        if (o === 'sent') result.sent++;
        if (o === 'dropped') result.dropped++;
        if (o === 'busy') result.busy++, unfinished++;
        if (o === 'failed') result.failed++, unfinished++;
      }
    }
    if (unfinished && !oldestUnfinished) oldestUnfinished = bucket;
  }
  const lagBucket = bucketsBetween(now - CURSOR_LAG_MS, now - CURSOR_LAG_MS)[0]!;
  const next = oldestUnfinished && oldestUnfinished < lagBucket ? oldestUnfinished : lagBucket;
  await moveCursor(next, typeof cursor.Item?.hour === 'string' ? cursor.Item.hour : null);
  return result;
}

/** Forward only, and only from the hour this run read (another run may have moved it meanwhile). */
async function moveCursor(hour: string, seen: string | null): Promise<void> {
  if (seen === hour) return;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: CURSOR_KEY,
        UpdateExpression: 'SET #h = :h',
        ConditionExpression: seen === null ? 'attribute_not_exists(#h) OR #h < :h' : '#h = :seen',
        ExpressionAttributeNames: { '#h': 'hour' },
        ExpressionAttributeValues: { ':h': hour, ...(seen === null ? {} : { ':seen': seen }) },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

async function pool<T, R>(items: readonly T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/** One read per run and tenant; `reads` counts its GetItems for the run's figures (bench). */
function once<T>(
  map: Map<string, Promise<T>>,
  tenant: TenantId,
  read: (t: TenantId) => Promise<T>,
  stats: ReminderSweepResult,
  reads: number,
): Promise<T> {
  let p = map.get(tenant);
  if (!p) {
    p = read(tenant);
    map.set(tenant, p);
    stats.reads += reads;
  }
  return p;
}

/** Why a reservation gets no reminder now (the marker is dropped), or null to send it. */
function stale(r: ReservationRow | null | undefined, m: ReminderMarker, now: number): string | null {
  if (!r || r.deletedAt) return 'deleted';
  if (r.status !== 'ACTIVE') return r.status.toLowerCase();
  if (r.startTime !== m.startTime) return 'start moved';
  if (Date.parse(r.startTime) <= now) return 'started';
  if (!r.customer?.email) return 'no e-mail';
  return null;
}

async function remindOne(
  m: ReminderMarker,
  now: number,
  cache: RunCache,
  stats: ReminderSweepResult,
): Promise<Outcome> {
  if (m.claimedUntil && m.claimedUntil >= now) return 'busy';
  if (Date.now() > cache.deadline) return 'busy'; // left for the next run
  const until = await claim(m, now);
  if (until === 'busy' || until === 'gone') return until;
  const tenant = trustedTenant(m.tenantId);
  const attempts = (m.attempts ?? 0) + 1;
  try {
    const [r, settings] = await Promise.all([
      getReservationRow(tenant, m.reservationId),
      once(cache.settings, tenant, readReminderSettings, stats, 1),
    ]);
    stats.reads++;
    const service = r?.kind === 'SERVICE' && r.serviceId ? await serviceOf(tenant, r.serviceId) : null;
    if (service) stats.reads++;
    const why =
      stale(r, m, now) ??
      (offsetsFor(settings, r!.kind, service?.reminderSettings ?? null).length === 0 ? 'reminders off' : null);
    if (why) {
      await finish(m, until);
      return 'dropped';
    }
    if (!cache.render) stats.reads++;
    cache.render ??= loadTemplate(TEMPLATE).then((t) => {
      if (!t) throw new Error(`No template ${TEMPLATE}`);
      return compileEmail(t);
    });
    // The organization, its contact row (twice) and its zone: at most 4 GetItems.
    const business = await once(cache.business, tenant, readBusiness, stats, 4);
    await sendReminder(tenant, r!, settings, service, business, now, await cache.render);
    await finish(m, until);
    return 'sent';
  } catch (e) {
    logger.warn('reminder not sent; the next run tries again', {
      error: e as Error,
      reservationId: m.reservationId,
      attempts,
    });
    await release(m, until, attempts);
    return 'failed';
  }
}

/** Sweep entry (EventBridge every minute; the local runtime on the same rate). */
export const handler = sweepHandler('reservation-reminders', async (): Promise<ReminderSweepResult> => {
  const result = await sweepReminders();
  if (result.processed) logger.info('reminder sweep', { ...result });
  return result;
});
