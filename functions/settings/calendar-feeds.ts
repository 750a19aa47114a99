/**
 * Calendar feeds (docs/requirements/settings.md R-SET-8, docs/decisions/calendar-feeds.md).
 *
 * Rows:
 * - `T#{org}` / `CALFEED#{id}`: the feed (name, scope, target, creator, `tokenHash`);
 * - `CALFEEDTOKEN#{sha256(token)}` / `CALFEEDTOKEN`: the platform pointer the public feed reads by key
 *   (tenant, feed, scope, target, creator), put and deleted in the same transaction as the feed row;
 * - `T#{org}` / `CALFEEDLOG#{at}#{uuid}`: who created or revoked which feed (a leaked address is a
 *   data leak: the log says whose it was and when it stopped).
 * The token itself is answered once and never stored.
 */
import { createHash, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod.js';
import {
  CALENDAR_FEED_SCOPES,
  CALENDAR_FEEDS_MAX,
  type CalendarFeedInput,
  type CalendarFeedView,
} from '../../shared/contract/calendar-feed-models.js';
import type { ReservationKind } from '../../shared/contract/reservation-models.js';
import { platformUrl } from '../auth/urls.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, nowIso, tableName } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { calendarText, type CalendarEvent, reservationUid } from '../lib/ical.js';
import { keys, trustedTenant, type Key, type TenantId } from '../lib/keys.js';
import { cachedModules, cachedOrganizationStatus, isShutOut } from '../lib/modules.js';
import { rowParser, tenantRowsWithPrefix } from '../lib/rows.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import type { AuthClaims } from '../lib/tokens.js';
import { E as SERVICE_ROWS } from '../services/model.js';
import { activeBookingsStarting, type CalendarBooking } from '../reservations/calendar-bookings.js';
import { itemView, readItem } from '../reservations/items.js';
import { actorName } from './actor-name.js';

const FEED = 'CALFEED';
const LOG = 'CALFEEDLOG';
const feedKey = (tenant: TenantId, id: string): Key => keys.entity(tenant, FEED, id);
const pointerKey = (tokenHash: string): Key => ({ pk: `CALFEEDTOKEN#${tokenHash}`, sk: 'CALFEEDTOKEN' });

/** R-SET-8: the window a feed shows, by start time. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 365;
/** R-SET-8: calendar apps may reuse an answer for 5 minutes; a revoked feed still answers 404 at once. */
export const FEED_CACHE_CONTROL = 'private, max-age=300';
const DAY_MS = 86_400_000;

const feedRow = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(CALENDAR_FEED_SCOPES),
  serviceId: z._default(z.nullable(z.string()), null),
  inventoryItemId: z._default(z.nullable(z.string()), null),
  targetName: z._default(z.nullable(z.string()), null),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  tokenHash: z.string(),
});
const parseFeedRow = rowParser('calendar feed', feedRow);
const pointerRow = z.object({
  tenantId: z.string(),
  feedId: z.string(),
  name: z.string(),
  scope: z.enum(CALENDAR_FEED_SCOPES),
  serviceId: z._default(z.nullable(z.string()), null),
  inventoryItemId: z._default(z.nullable(z.string()), null),
  createdById: z.string(),
});
const parsePointerRow = rowParser('calendar feed pointer', pointerRow);

async function feedRows(tenant: TenantId): Promise<z.output<typeof feedRow>[]> {
  return tenantRowsWithPrefix(tenant, `${FEED}#`, parseFeedRow);
}

/** The tenant's feeds, newest first; never their addresses (only hashes are stored). */
export async function listCalendarFeeds(tenant: TenantId): Promise<CalendarFeedView[]> {
  const rows = await feedRows(tenant);
  return rows
    .map(({ tokenHash: _hidden, ...view }) => view)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** The service or item a scoped feed shows must be the tenant's (R-SET-8): its name, or a 404 as for any id not the caller's. */
async function targetOf(tenant: TenantId, input: CalendarFeedInput): Promise<{ name: string | null; key?: Key }> {
  if (input.scope === 'service') {
    const key = keys.entity(tenant, SERVICE_ROWS.service, input.serviceId!);
    const res = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: key,
        ProjectionExpression: '#n',
        ExpressionAttributeNames: { '#n': 'name' },
      }),
    );
    if (!res.Item) throw notFound('Service not found');
    return { name: String(res.Item.name ?? ''), key };
  }
  if (input.scope === 'item') {
    const info = await readItem(tenant, input.inventoryItemId!);
    if (!info) throw notFound('Item not found');
    const view = itemView(info);
    return {
      name: view.name === view.itemNumber ? view.itemNumber : `${view.name} (${view.itemNumber})`,
      key: keys.entity(tenant, 'ITEM', info.item.id),
    };
  }
  return { name: null };
}

/** R-SET-8: a new feed and its secret address, answered once. */
export async function createCalendarFeed(
  tenant: TenantId,
  auth: AuthClaims,
  input: CalendarFeedInput,
): Promise<{ id: string; url: string }> {
  const [existing, target, creator] = await Promise.all([
    feedRows(tenant),
    targetOf(tenant, input),
    actorName(tenant, auth),
  ]);
  if (existing.length >= CALENDAR_FEEDS_MAX)
    throw conflict(`A store has at most ${CALENDAR_FEEDS_MAX} calendar feeds: revoke one you no longer use first`);
  const id = randomUUID();
  const token = newSecretToken();
  const tokenHash = hashToken(token);
  const at = nowIso();
  const serviceId = input.scope === 'service' ? input.serviceId! : null;
  const inventoryItemId = input.scope === 'item' ? input.inventoryItemId! : null;
  const w = auditedWrite(tenant)
    .put(
      'feed',
      {
        ...feedKey(tenant, id),
        id,
        name: input.name,
        scope: input.scope,
        serviceId,
        inventoryItemId,
        targetName: target.name,
        createdAt: at,
        createdBy: { id: auth.userId, name: creator },
        tokenHash,
      },
      { condition: 'attribute_not_exists(pk)' },
    )
    .put(
      'pointer',
      {
        ...pointerKey(tokenHash),
        tenantId: tenant,
        feedId: id,
        name: input.name,
        scope: input.scope,
        serviceId,
        inventoryItemId,
        createdById: auth.userId,
        createdAt: at,
      },
      { condition: 'attribute_not_exists(pk)' },
    )
    .log(logRow(tenant, at, { action: 'CREATED', feedId: id, name: input.name, auth, actorName: creator }));
  // The target must still exist when the feed is written, not only when it was read.
  if (target.key) w.check('target', target.key, { condition: 'attribute_exists(pk)' });
  try {
    await w.commit();
  } catch (e) {
    if (e instanceof WriteFailed && e.failed.includes('target'))
      throw notFound(input.scope === 'service' ? 'Service not found' : 'Item not found');
    throw e;
  }
  return { id, url: platformUrl(`/public/calendar/${token}.ics`).toString() };
}

function logRow(
  tenant: TenantId,
  at: string,
  e: { action: 'CREATED' | 'REVOKED'; feedId: string; name: string; auth: AuthClaims; actorName: string },
) {
  return {
    ...keys.entity(tenant, LOG, `${at}#${randomUUID()}`),
    action: e.action,
    feedId: e.feedId,
    name: e.name,
    actorUserId: e.auth.userId,
    actorName: e.actorName,
    createdAt: at,
  };
}

/** R-SET-8: revoke; the pointer goes in the same transaction, so the address answers 404 from now on. */
export async function deleteCalendarFeed(tenant: TenantId, auth: AuthClaims, id: string): Promise<void> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: feedKey(tenant, id), ConsistentRead: true }),
  );
  if (!res.Item) throw notFound('Calendar feed not found');
  const feed = parseFeedRow(res.Item);
  const at = nowIso();
  try {
    await auditedWrite(tenant)
      .delete('feed', feedKey(tenant, id), {
        condition: 'tokenHash = :h',
        values: { ':h': feed.tokenHash },
      })
      .delete('pointer', pointerKey(feed.tokenHash))
      .log(
        logRow(tenant, at, {
          action: 'REVOKED',
          feedId: id,
          name: feed.name,
          auth,
          actorName: await actorName(tenant, auth),
        }),
      )
      .commit();
  } catch (e) {
    // Revoked by someone else meanwhile: it is gone either way.
    if (e instanceof WriteFailed && e.failed.includes('feed')) throw notFound('Calendar feed not found');
    throw e;
  }
}

// ---------------------------------------------------------------- the public feed

const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const feedGone = () => notFound('Calendar feed not found');

/** "Ana B.": the first name and the last name's initial only; a feed address can leak (R-SET-8). */
export function customerShortName(first: string, last: string): string {
  const initial = [...last.trim()][0];
  return [first.trim(), initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ') || 'Customer';
}

export function bookingEvent(tenant: TenantId, b: CalendarBooking): CalendarEvent {
  const what = b.what || (b.kind === 'SERVICE' ? 'Service' : 'Item');
  return {
    uid: reservationUid(tenant, b.id),
    start: new Date(b.startTime),
    end: new Date(b.endTime),
    summary: `${b.reservationNumber} · ${what} · ${customerShortName(b.customerFirstName, b.customerLastName)}`,
    // A fixed stamp keeps the body (and so its ETag) the same until a booking changes.
    updatedAt: new Date(b.updatedAt ?? b.startTime),
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}

export interface FeedAnswer {
  status: 200 | 304;
  body: string;
  headers: Record<string, string>;
}

/**
 * GET /public/calendar/{token}.ics: the pointer by the token's hash (strongly consistent, so a revoke
 * is seen at once), then the bookings by key. A feed stops (404) when revoked, when its creator's
 * account is deactivated or gone, when the organization is suspended or its Reservations module off.
 */
export async function calendarFeed(
  file: string,
  ifNoneMatch: string | undefined,
  now = Date.now(),
): Promise<FeedAnswer> {
  const m = TOKEN_FILE.exec(file);
  if (!m) throw feedGone();
  const ptr = await db().send(
    new GetCommand({ TableName: tableName(), Key: pointerKey(hashToken(m[1]!)), ConsistentRead: true }),
  );
  if (!ptr.Item) throw feedGone();
  const feed = parsePointerRow(ptr.Item);
  const tenant = trustedTenant(feed.tenantId);
  const range = {
    from: new Date(now - FEED_DAYS_BACK * DAY_MS).toISOString(),
    to: new Date(now + FEED_DAYS_AHEAD * DAY_MS).toISOString(),
  };
  const kinds: ReservationKind[] =
    feed.scope === 'service' ? ['SERVICE'] : feed.scope === 'item' ? ['ITEM'] : ['ITEM', 'SERVICE'];
  const only = { serviceId: feed.serviceId ?? undefined, inventoryItemId: feed.inventoryItemId ?? undefined };
  const [status, modules, creator, ...lists] = await Promise.all([
    cachedOrganizationStatus(tenant),
    cachedModules(tenant),
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.user(tenant, feed.createdById),
        ProjectionExpression: 'isActive, #s',
        ExpressionAttributeNames: { '#s': 'status' },
      }),
    ),
    ...kinds.map((k) => activeBookingsStarting(tenant, k, range, only)),
  ]);
  if (isShutOut(status) || modules.reservations === false) throw feedGone();
  const user = creator.Item;
  if (!user || user.isActive === false || user.status === 'DELETED' || user.status === 'INACTIVE') throw feedGone();
  const events = lists
    .flat()
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id))
    .map((b) => bookingEvent(tenant, b));
  const body = calendarText(events, { name: feed.name });
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  const headers = { etag, 'cache-control': FEED_CACHE_CONTROL };
  if (matches(ifNoneMatch, etag)) return { status: 304, body: '', headers };
  return { status: 200, body, headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' } };
}
