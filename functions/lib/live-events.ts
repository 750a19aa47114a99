import { randomUUID } from 'node:crypto';
import { queryFirstPage, tableName } from './db.js';
import { keys, type TenantId } from './keys.js';

/** Event names of R-DASH-4 (server-sent events behind the dashboard). */
export type LiveEventType =
  | 'reservation-created'
  | 'reservation-updated'
  | 'reservation-cancelled'
  | 'inventory-status-changed'
  | 'payment-processed'
  | 'stats-updated'
  // The waitlist (R-SVC-10): someone joined a full slot; an offer was booked.
  | 'waitlist-joined'
  | 'waitlist-booked';

export interface LiveEvent {
  type: LiveEventType;
  payload: unknown;
  at: string;
  /** The row's sort key, `EVENT#{at}#{uuid}`: unique per tenant. */
  sk: string;
}

const EVENT_PREFIX = 'EVENT#';
const KEEP_SECONDS = 3600;

/**
 * The event row for a change, to be put in the same transaction as the change itself, so the
 * dashboard stream can never announce something that did not happen (or miss something that did).
 * Rows expire after an hour through the table's TTL.
 */
export function liveEventPut(tenant: TenantId, type: LiveEventType, payload: unknown) {
  const at = new Date().toISOString();
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.entity(tenant, 'EVENT', `${at}#${randomUUID()}`),
        type,
        payload,
        at,
        expiresAt: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
      },
    },
  };
}

/**
 * Events of a tenant after a cursor (the `sk` of the last one seen), oldest first. `more` says the
 * page was cut at `limit` (call again from `cursor`).
 */
export async function liveEventsSince(
  tenant: TenantId,
  afterSk: string | undefined,
  limit = 100,
): Promise<{ events: LiveEvent[]; cursor: string | undefined; more: boolean }> {
  const page = await queryFirstPage({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.tenantPartition(tenant),
      ':from': afterSk ? `${afterSk}\u0000` : EVENT_PREFIX,
      ':to': `${EVENT_PREFIX}\uffff`,
    },
    Limit: limit,
  });
  const items = page.items;
  return {
    events: items.map((i) => ({
      type: i.type as LiveEventType,
      payload: i.payload,
      at: i.at as string,
      sk: i.sk as string,
    })),
    cursor: items.length ? (items[items.length - 1]!.sk as string) : afterSk,
    more: page.lastKey !== undefined,
  };
}
