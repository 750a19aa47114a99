/**
 * The public calendar feed, GET /public/calendar/{token}.ics (docs/requirements/settings.md R-SET-8,
 * docs/decisions/0230-calendar-feeds.md): the tenant's bookings as iCalendar for the holder of the address.
 */
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ReservationKind } from '../../shared/contract/reservation-models.js';
import { db, tableName } from '../lib/db.js';
import { notFound } from '../lib/errors.js';
import { calendarText, type CalendarEvent, reservationUid } from '../lib/ical.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { cachedModules, cachedOrganizationStatus, isShutOut } from '../lib/modules.js';
import { hashToken } from '../lib/secure-token.js';
import { activeBookingsStarting, type CalendarBooking } from './calendar-bookings.js';
import { parsePointerRow, pointerKey } from './calendar-feed-rows.js';

/** R-SET-8: the window a feed shows, by start time. */
const FEED_DAYS_BACK = 30;
const FEED_DAYS_AHEAD = 365;
/** R-SET-8: calendar apps may reuse an answer for 5 minutes; a revoked feed still answers 404 at once. */
const FEED_CACHE_CONTROL = 'private, max-age=300';
const DAY_MS = 86_400_000;

const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const feedGone = () => notFound('Calendar feed not found');

/** "Ana B.": the first name and the last name's initial only; a feed address can leak (R-SET-8). */
function customerShortName(first: string, last: string): string {
  const initial = [...last.trim()][0];
  return [first.trim(), initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ') || 'Customer';
}

function bookingEvent(tenant: TenantId, b: CalendarBooking): CalendarEvent {
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

interface FeedAnswer {
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
