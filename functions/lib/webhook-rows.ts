/**
 * Webhook rows (docs/requirements/settings.md R-SET-10, docs/decisions/0231-webhooks.md), shared by the
 * audited write (the outbox row beside each change), the settings routes and the delivery worker.
 *
 * - endpoint `T#{org}` / `WEBHOOK#{id}` → url, events, description, enabled, secret (AES-GCM sealed with
 *   the data keyring, functions/users/crypto.ts), failingSince, disabledAt/disabledReason;
 * - outbox `T#{org}` / `WHOUT#{orderKey}#{eventId}` → the event(s) of one change, written in the change's
 *   own transaction; index `gsi1pk = SWEEP#WHOUT#{shard}`, `gsi1sk = {at}#{org}#{orderKey}#{eventId}` (the local
 *   poller and the AWS safety sweep find rows the stream has not handed over); deleted once fanned out;
 * - delivery `T#{org}` / `WHDEL#{endpointId}#{deliveryId}` → one event to one endpoint: status, attempts,
 *   last status code, latency, next retry (kept 30 days, TTL);
 * - pending marker `T#{org}` / `WHPEND#{endpointId}#{orderKey}#{deliveryId}` while a delivery waits; index
 *   `gsi1pk = SWEEP#WHPEND#{shard}`, `gsi1sk = {nextAttemptAt}#{org}#{endpointId}#{orderKey}` (due retries by
 *   time, never a scan). The head of a `WHPEND#{endpointId}#{orderKey}#` prefix is the only one sent
 *   (the order rule, shared/domain/webhooks.ts `webhookOrderKey`).
 * Ids are time-sortable (`msg_{ms base36}{index in the write}{random}`), so key order is change order.
 */
import * as z from '../../shared/zod.js';
import { keys, type Key, type TenantId } from './keys.js';
import { rowParser } from './rows.js';
import { WH } from './webhook-outbox.js';

export {
  DELIVERY_KEEP_SECONDS,
  forgetWebhookSubscriptions,
  newMessageId,
  type OutboxEventItem,
  outboxItem,
  outboxKey,
  subscribedEvents,
  WH,
  webhookSubscriptions,
} from './webhook-outbox.js';

export const endpointKey = (tenant: TenantId, id: string): Key => keys.entity(tenant, WH.endpoint, id);
export const deliveryKey = (tenant: TenantId, endpointId: string, deliveryId: string): Key =>
  keys.entity(tenant, WH.delivery, `${endpointId}#${deliveryId}`);
export const pendingKey = (tenant: TenantId, endpointId: string, orderKey: string, deliveryId: string): Key =>
  keys.entity(tenant, WH.pending, `${endpointId}#${orderKey}#${deliveryId}`);
export const pendingPrefix = (endpointId: string, orderKey: string) => `${WH.pending}#${endpointId}#${orderKey}#`;

/** The secret's additional authenticated data: a sealed secret copied onto another endpoint does not open. */
export const secretAad = (tenant: TenantId, endpointId: string) => `webhook:${tenant}:${endpointId}`;

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

const outboxEvent = z.object({
  eventId: z.string(),
  type: z.string(),
  data: z.unknown(),
  at: z.string(),
  orderKey: z.string(),
});
const outboxRow = z.object({
  tenantId: z.string(),
  events: z.array(outboxEvent),
  /** A test event or a replay goes to this endpoint only, subscribed or not. */
  endpointId: z._default(z.nullable(z.string()), null),
  /** A replay keeps the original's `webhook-id`. */
  messageId: z._default(z.nullable(z.string()), null),
});
export const parseOutboxRow = rowParser('webhook outbox', outboxRow);

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
const deliveryRow = z.object({
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
export const parseDeliveryRow = rowParser('webhook delivery', deliveryRow);
