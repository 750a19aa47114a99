/**
 * Calendar feeds (docs/requirements/settings.md R-SET-8, docs/decisions/0230-calendar-feeds.md): the
 * tenant's list, create and revoke. The rows are calendar-feed-rows.ts; the public feed is
 * calendar-feed-public.ts.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  CALENDAR_FEEDS_MAX,
  type CalendarFeedInput,
  type CalendarFeedView,
} from '../../shared/contract/calendar-feed-models.js';
import { platformUrl } from '../auth/urls.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, nowIso, tableName } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { tenantRowsWithPrefix } from '../lib/rows.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import type { AuthClaims } from '../lib/tokens.js';
import { SERVICE_ROWS } from '../services/model.js';
import { itemView, readItem } from '../bookings/items.js';
import { actorName } from '../settings/actor-name.js';
import { FEED, feedKey, type FeedRow, LOG, parseFeedRow, pointerKey } from './calendar-feed-rows.js';

async function feedRows(tenant: TenantId): Promise<FeedRow[]> {
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
