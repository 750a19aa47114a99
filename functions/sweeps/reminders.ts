import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatCents } from '../../shared/domain/money.js';
import { bucketStart, bucketsBetween, DEFAULT_CANCEL_CUTOFF_HOURS, offsetsFor } from '../../shared/domain/reminders.js';
import type { ReminderSettings } from '../../shared/domain/reminders.js';
import { bookingWhenText, instantText } from '../../shared/domain/reminder-text.js';
import {
  configuredMethods,
  paymentLinks,
  paymentNoteFor,
  type PaymentMethods,
} from '../../shared/domain/share-payment.js';
import { getOrganization } from '../auth/store.js';
import { platformUrl, tenantUrl } from '../auth/urls.js';
import { config } from '../lib/config.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { calendarText, reservationUid } from '../lib/ical.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { sendMailWithAttachments } from '../lib/mail.js';
import { organizationTimeZone } from '../lib/organization.js';
import { loadTemplate, renderStoredEmail } from '../platform/template-store.js';
import { compileEmail, type RenderedEmail } from '../platform/templates.js';
import { getReservationRow, type ReservationRow } from '../reservations/entity.js';
import { issueCancelToken, reminderIndex, reminderMarkerKey, type ReminderMarker } from '../reservations/reminders.js';
import { E } from '../services/model.js';
import { publicBusinessContact, readContact } from '../settings/contact.js';
import { readReminderSettings } from '../settings/reminders.js';
import { sweepHandler } from './sweep-handler.js';

/**
 * The reminder sweep (R-SET-7, docs/decisions/reminder-sweep.md), every minute:
 * 1. reads its cursor (the oldest UTC hour that may still hold a marker) and Queries each hour
 *    bucket `SWEEP#REMINDER#{hour}` from there up to now for markers due by now: keyed reads on the
 *    due time, never a Scan, so a run costs what is due, not what is booked;
 * 2. claims each marker with a conditional UpdateItem (a lease: `claimedUntil`), so of two
 *    overlapping runs (or two machines, or a retry) exactly one sends it;
 * 3. re-reads the reservation and sends only for an ACTIVE, undeleted reservation whose start has not
 *    moved and is still ahead, with a customer e-mail, while the tenant (and the service) keep
 *    reminders on; otherwise the marker is dropped;
 * 4. deletes the marker once SES took the mail; a failed send gives the lease back (tried again by
 *    the next run, at most MAX_ATTEMPTS times);
 * 5. moves the cursor to the oldest hour still holding a marker it could not finish (never newer than
 *    the hour of now minus CURSOR_LAG_MS, so a marker still travelling to the index is not skipped).
 * A run that dies between sending and deleting leaves a claimed marker that a run after the lease
 * sends again: at least once on a crash, exactly once otherwise.
 */
export const CURSOR_KEY = { pk: 'SWEEP#REMINDER', sk: 'CURSOR' };
export const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 5;
/** On its first run (no cursor) the sweep looks this far back. */
const FIRST_LOOKBACK_MS = 48 * 3_600_000;
const CURSOR_LAG_MS = 5 * 60_000;
const CONCURRENCY = 16;
const TEMPLATE = 'reservation-reminder';
/**
 * A run claims nothing new after this long: its Lambda times out at its 1-minute rate
 * (infra/schedules.ts), and what it leaves unclaimed the next run (or an overlapping one) takes.
 */
export const RUN_BUDGET_MS = 45_000;

export interface ReminderSweepResult {
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

/** What every reminder of a tenant shows about the business: read once per run and tenant. */
interface BusinessBits {
  subdomain: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  zone: string;
}

async function readBusiness(tenant: TenantId): Promise<BusinessBits> {
  const [org, contact, zone] = await Promise.all([
    getOrganization(tenant),
    readContact(tenant),
    organizationTimeZone(tenant),
  ]);
  const b = await publicBusinessContact(tenant, org?.name ?? '');
  return {
    subdomain: org?.subdomain ?? null,
    name: b.name,
    phone: b.phone,
    email: contact.emailAddress || null,
    address: b.address,
    zone,
  };
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
    let start: Record<string, unknown> | undefined;
    do {
      const res = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
          ExpressionAttributeValues: { ':pk': reminderIndex(bucket), ':now': `${new Date(now).toISOString()}\uffff` },
          ExclusiveStartKey: start,
          Limit: 500,
        }),
      );
      result.reads++;
      const due = (res.Items ?? []) as unknown as ReminderMarker[];
      const outcomes = await pool(due, CONCURRENCY, (m) => remindOne(m, now, cache, result));
      for (const o of outcomes) {
        if (o !== 'gone') result.processed++;
        if (o === 'sent') result.sent++;
        if (o === 'dropped') result.dropped++;
        if (o === 'busy') result.busy++, unfinished++;
        if (o === 'failed') result.failed++, unfinished++;
      }
      start = res.LastEvaluatedKey;
    } while (start);
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

/** The lease: this run alone may send this marker until `claimedUntil`. */
async function claim(m: ReminderMarker, now: number): Promise<number | 'busy' | 'gone'> {
  const tenant = trustedTenant(m.tenantId);
  const until = now + LEASE_MS;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reminderMarkerKey(tenant, m.reservationId, m.offsetMinutes),
        UpdateExpression: 'SET claimedUntil = :until ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
        ExpressionAttributeValues: { ':until': until, ':now': now, ':one': 1 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return until;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    // Sent and deleted by another run (the index still showed it): done. Held by another run: busy.
    return (e as { Item?: unknown }).Item ? 'busy' : 'gone';
  }
}

async function finish(m: ReminderMarker, until: number): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: reminderMarkerKey(trustedTenant(m.tenantId), m.reservationId, m.offsetMinutes),
        ConditionExpression: 'claimedUntil = :mine',
        ExpressionAttributeValues: { ':mine': until },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    logger.warn('reminder lease ran out before its marker was removed', { reservationId: m.reservationId });
  }
}

async function release(m: ReminderMarker, until: number, attempts: number): Promise<void> {
  const key = reminderMarkerKey(trustedTenant(m.tenantId), m.reservationId, m.offsetMinutes);
  try {
    if (attempts >= MAX_ATTEMPTS) {
      logger.error('reminder given up after repeated send failures', {
        reservationId: m.reservationId,
        offsetMinutes: m.offsetMinutes,
      });
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'claimedUntil = :mine',
          ExpressionAttributeValues: { ':mine': until },
        }),
      );
      return;
    }
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'REMOVE claimedUntil',
        ConditionExpression: 'claimedUntil = :mine',
        ExpressionAttributeValues: { ':mine': until },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
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

interface ServiceBits {
  name?: string;
  reminderSettings?: { enabled?: boolean; beforeMinutes?: number[] };
  paymentSettings?: PaymentMethods;
  paymentNote?: string | null;
  showPaymentOptions?: boolean;
}

async function serviceOf(tenant: TenantId, serviceId: string): Promise<ServiceBits | null> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.entity(tenant, E.service, serviceId),
      ProjectionExpression: '#n, reminderSettings, paymentSettings, paymentNote, showPaymentOptions',
      ExpressionAttributeNames: { '#n': 'name' },
    }),
  );
  return (res.Item as ServiceBits | undefined) ?? null;
}

/**
 * The reminder e-mail (template 'reservation-reminder'): every time in the reservation's zone (the
 * organization's, or the service's own for its slots) with the zone named, the booking as an .ics
 * file, and a single-use link to cancel online.
 */
export async function sendReminder(
  tenant: TenantId,
  r: ReservationRow,
  settings: ReminderSettings,
  service: ServiceBits | null,
  business: BusinessBits,
  now: number,
  render?: (variables: Record<string, unknown>) => RenderedEmail,
): Promise<void> {
  const zone = r.timeZone || business.zone;
  const token = await issueCancelToken(tenant, r, now);
  // On the tenant's own host where tenants have one; in path mode the platform host (the token names the tenant).
  const path = `/booking/cancel/${token}`;
  const cancelUrl = (
    config().tenantUrlMode === 'subdomain' && business.subdomain
      ? tenantUrl(business.subdomain, path)
      : platformUrl(path)
  ).toString();
  const cutoff = settings.cancelCutoffHours ?? DEFAULT_CANCEL_CUTOFF_HOURS;
  const what = r.inventoryItem?.name ?? r.service?.name ?? service?.name ?? 'Your booking';
  const totalCents = r.totalAmountCents ?? 0;
  const unpaid = r.kind === 'SERVICE' && r.isPaid !== true && totalCents > 0;
  const methods = unpaid && service?.showPaymentOptions !== false ? configuredMethods(service?.paymentSettings) : {};
  const paymentNote = paymentNoteFor(r.reservationNumber, what, service?.paymentNote);
  const links = unpaid ? paymentLinks(methods, totalCents / 100, paymentNote, { mobile: false }) : [];
  const when = bookingWhenText(r.startTime, r.endTime, zone);
  const variables = {
    firstName: r.customer.firstName,
    lastName: r.customer.lastName,
    businessName: business.name,
    businessPhone: business.phone ?? '',
    businessEmail: business.email ?? '',
    businessAddress: business.address ?? '',
    reservationNumber: r.reservationNumber,
    what,
    when,
    where: business.address ?? business.name,
    participants: r.kind === 'SERVICE' ? (r.participantCount ?? 1) : '',
    total: formatCents(totalCents),
    unpaid,
    hasPaymentMethods: links.length > 0 || Boolean(methods.zelle),
    paymentLinks: links,
    zelle: methods.zelle ?? '',
    paymentNote,
    cancelUrl,
    cancelUntil: instantText(Date.parse(r.startTime) - cutoff * 3_600_000, zone),
  };
  const mail = render ? render(variables) : await renderStoredEmail(TEMPLATE, variables);
  const ics = calendarText(
    [
      {
        uid: reservationUid(tenant, r.id),
        start: new Date(r.startTime),
        end: new Date(r.endTime),
        summary: `${what} (${r.reservationNumber})`,
        description: `${business.name}${business.phone ? `, ${business.phone}` : ''}`,
        location: business.address ?? undefined,
        updatedAt: new Date(r.updatedAt),
      },
    ],
    { name: business.name || 'Booking' },
  );
  await sendMailWithAttachments({
    to: r.customer.email!,
    ...mail,
    template: TEMPLATE,
    tenant,
    attachments: [
      {
        filename: `${r.reservationNumber}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: new TextEncoder().encode(ics),
      },
    ],
  });
}

/** Sweep entry (EventBridge every minute; the local runtime on the same rate). */
export const handler = sweepHandler('reservation-reminders', async (): Promise<ReminderSweepResult> => {
  const result = await sweepReminders();
  if (result.processed) logger.info('reminder sweep', { ...result });
  return result;
});
