/**
 * Webhook rows (docs/requirements/settings.md R-SET-10, docs/decisions/webhooks.md), shared by the
 * audited write (the outbox row beside each change), the settings routes and the delivery worker.
 *
 * - endpoint `T#{org}` / `WEBHOOK#{id}` → url, events, description, enabled, secret (AES-GCM sealed with
 *   the data keyring, functions/users/crypto.ts), failingSince, disabledAt/disabledReason;
 * - outbox `T#{org}` / `WHOUT#{orderKey}#{eventId}` → the event(s) of one change, written in the change's
 *   own transaction; index `gsi1pk = SWEEP#WHOUT`, `gsi1sk = {at}#{org}#{orderKey}#{eventId}` (the local
 *   poller and the AWS safety sweep find rows the stream has not handed over); deleted once fanned out;
 * - delivery `T#{org}` / `WHDEL#{endpointId}#{deliveryId}` → one event to one endpoint: status, attempts,
 *   last status code, latency, next retry (kept 30 days, TTL);
 * - pending marker `T#{org}` / `WHPEND#{endpointId}#{orderKey}#{deliveryId}` while a delivery waits; index
 *   `gsi1pk = SWEEP#WHPEND`, `gsi1sk = {nextAttemptAt}#{org}#{endpointId}#{orderKey}` (due retries by
 *   time, never a scan). The head of a `WHPEND#{endpointId}#{orderKey}#` prefix is the only one sent
 *   (the order rule, shared/domain/webhooks.ts `webhookOrderKey`).
 * Ids are time-sortable (`msg_{ms base36}{index in the write}{random}`), so key order is change order.
 */
import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod.js';
import { isWebhookEvent, webhookOrderKey } from '../../shared/domain/webhooks.js';
import { db, tableName } from './db.js';
import { keys, type Key, type TenantId } from './keys.js';
import { rowParser } from './rows.js';

export const WH = {
  endpoint: 'WEBHOOK',
  outbox: 'WHOUT',
  delivery: 'WHDEL',
  pending: 'WHPEND',
  outboxIndex: 'SWEEP#WHOUT',
  pendingIndex: 'SWEEP#WHPEND',
} as const;
/** Delivery records are kept this long (TTL), then the table drops them. */
export const DELIVERY_KEEP_SECONDS = 30 * 86_400;

export const endpointKey = (tenant: TenantId, id: string): Key => keys.entity(tenant, WH.endpoint, id);
export const outboxKey = (tenant: TenantId, orderKey: string, eventId: string): Key =>
  keys.entity(tenant, WH.outbox, `${orderKey}#${eventId}`);
export const deliveryKey = (tenant: TenantId, endpointId: string, deliveryId: string): Key =>
  keys.entity(tenant, WH.delivery, `${endpointId}#${deliveryId}`);
export const pendingKey = (tenant: TenantId, endpointId: string, orderKey: string, deliveryId: string): Key =>
  keys.entity(tenant, WH.pending, `${endpointId}#${orderKey}#${deliveryId}`);
export const pendingPrefix = (endpointId: string, orderKey: string) => `${WH.pending}#${endpointId}#${orderKey}#`;

/** The secret's additional authenticated data: a sealed secret copied onto another endpoint does not open. */
export const secretAad = (tenant: TenantId, endpointId: string) => `webhook:${tenant}:${endpointId}`;

/** A time-sortable message id: milliseconds, the event's place in its write, randomness. */
export function newMessageId(nowMs = Date.now(), index = 0): string {
  return `msg_${nowMs.toString(36).padStart(9, '0')}${index.toString(36).padStart(2, '0')}${randomBytes(8).toString('hex')}`;
}

export const endpointRow = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z._default(z.string(), ''),
  enabled: z.boolean(),
  secret: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  updatedAt: z.string(),
  failingSince: z._default(z.nullable(z.string()), null),
  disabledAt: z._default(z.nullable(z.string()), null),
  disabledReason: z._default(z.nullable(z.string()), null),
});
export type EndpointRow = z.output<typeof endpointRow>;
export const parseEndpointRow = rowParser('webhook endpoint', endpointRow);

export const outboxEvent = z.object({
  eventId: z.string(),
  type: z.string(),
  data: z.unknown(),
  at: z.string(),
  orderKey: z.string(),
});
export type OutboxEvent = z.output<typeof outboxEvent>;
export const outboxRow = z.object({
  tenantId: z.string(),
  events: z.array(outboxEvent),
  /** A test event or a replay goes to this endpoint only, subscribed or not. */
  endpointId: z._default(z.nullable(z.string()), null),
  /** A replay keeps the original's `webhook-id`. */
  messageId: z._default(z.nullable(z.string()), null),
});
export const parseOutboxRow = rowParser('webhook outbox', outboxRow);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const deliveryRow = z.object({
  id: z.string(),
  endpointId: z.string(),
  messageId: z.string(),
  type: z.string(),
  data: z.unknown(),
  at: z.string(),
  orderKey: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z._default(z.number(), 0),
  lastStatusCode: z._default(z.nullable(z.number()), null),
  lastLatencyMs: z._default(z.nullable(z.number()), null),
  lastError: z._default(z.nullable(z.string()), null),
  lastAttemptAt: z._default(z.nullable(z.string()), null),
  nextAttemptAt: z._default(z.nullable(z.string()), null),
  deliveredAt: z._default(z.nullable(z.string()), null),
  replayOf: z._default(z.nullable(z.string()), null),
});
export type DeliveryRow = z.output<typeof deliveryRow>;
export const parseDeliveryRow = rowParser('webhook delivery', deliveryRow);

/** The outbox row of `events`, to be put in the same transaction as the change they announce. */
export function outboxItem(
  tenant: TenantId,
  events: { type: string; data: unknown }[],
  opts: { endpointId?: string; messageId?: string; nowMs?: number; firstIndex?: number } = {},
): Record<string, unknown> {
  const nowMs = opts.nowMs ?? Date.now();
  const at = new Date(nowMs).toISOString();
  const list: OutboxEvent[] = events.map((e, i) => ({
    eventId: newMessageId(nowMs, (opts.firstIndex ?? 0) + i),
    type: e.type,
    data: e.data ?? null,
    at,
    orderKey: opts.endpointId && opts.messageId ? 'replay' : webhookOrderKey(e.data),
  }));
  const first = list[0]!;
  return {
    ...outboxKey(tenant, first.orderKey, first.eventId),
    gsi1pk: WH.outboxIndex,
    gsi1sk: `${at}#${tenant}#${first.orderKey}#${first.eventId}`,
    entity: WH.outbox,
    tenantId: tenant,
    events: list,
    endpointId: opts.endpointId ?? null,
    messageId: opts.messageId ?? null,
  };
}

// ---------------------------------------------------------------- which events a tenant wants

const SUBSCRIPTIONS_TTL_MS = 10_000;
const subscriptions = new Map<string, { at: number; events: Promise<Set<string>> }>();

/**
 * The events some enabled endpoint of the tenant subscribes to, cached 10 s per warm instance: the one
 * read an audited write with live events adds (a tenant without webhooks costs one small Query per 10 s
 * per instance). A change to the endpoints forgets this instance's copy; others follow within 10 s.
 */
export function webhookSubscriptions(tenant: TenantId, nowMs = Date.now()): Promise<Set<string>> {
  const hit = subscriptions.get(tenant);
  if (hit && nowMs - hit.at < SUBSCRIPTIONS_TTL_MS) return hit.events;
  const events = (async () => {
    const out = new Set<string>();
    let start: Record<string, unknown> | undefined;
    do {
      const res = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `${WH.endpoint}#` },
          ProjectionExpression: 'enabled, events',
          ExclusiveStartKey: start,
        }),
      );
      for (const i of res.Items ?? [])
        if (i.enabled === true && Array.isArray(i.events)) for (const e of i.events) out.add(String(e));
      start = res.LastEvaluatedKey;
    } while (start);
    return out;
  })();
  events.catch(() => subscriptions.delete(tenant));
  subscriptions.set(tenant, { at: nowMs, events });
  return events;
}

export function forgetWebhookSubscriptions(tenant?: TenantId): void {
  if (tenant) subscriptions.delete(tenant);
  else subscriptions.clear();
}

/** The live events of a write that some endpoint wants, as they go into the outbox. */
export async function subscribedEvents(
  tenant: TenantId,
  events: readonly { type: string; data: unknown }[],
): Promise<{ type: string; data: unknown }[]> {
  const relevant = events.filter((e) => isWebhookEvent(e.type));
  if (!relevant.length) return [];
  const wanted = await webhookSubscriptions(tenant);
  return wanted.size ? relevant.filter((e) => wanted.has(e.type)) : [];
}
