/**
 * The webhook outbox as the audited write needs it (docs/requirements/settings.md R-SET-10,
 * docs/decisions/0231-webhooks.md): which events the tenant's endpoints want (cached briefly) and the outbox
 * row to put beside the change. Kept small and free of row schemas: every area's write path imports it.
 * The other webhook rows: functions/lib/webhook-rows.ts.
 */
import { randomBytes } from 'node:crypto';
import { isWebhookEvent, webhookOrderKey } from '../../shared/domain/webhook-events.js';
import { tenantRowsWithPrefix } from './rows.js';
import { keys, type Key, type TenantId } from './keys.js';
import { shardedIndexKey } from './sweep-shard-keys.js';

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

export const outboxKey = (tenant: TenantId, orderKey: string, eventId: string): Key =>
  keys.entity(tenant, WH.outbox, `${orderKey}#${eventId}`);

export interface OutboxEventItem {
  eventId: string;
  type: string;
  data: unknown;
  at: string;
  orderKey: string;
}

/** A time-sortable message id: milliseconds, the event's place in its write, randomness. */
export function newMessageId(nowMs = Date.now(), index = 0): string {
  return `msg_${nowMs.toString(36).padStart(9, '0')}${index.toString(36).padStart(2, '0')}${randomBytes(8).toString('hex')}`;
}

/** The outbox row of `events`, to be put in the same transaction as the change they announce. */
export function outboxItem(
  tenant: TenantId,
  events: { type: string; data: unknown }[],
  opts: { endpointId?: string; messageId?: string; nowMs?: number; firstIndex?: number } = {},
): Record<string, unknown> {
  const nowMs = opts.nowMs ?? Date.now();
  const at = new Date(nowMs).toISOString();
  const list: OutboxEventItem[] = events.map((e, i) => ({
    eventId: newMessageId(nowMs, (opts.firstIndex ?? 0) + i),
    type: e.type,
    data: e.data ?? null,
    at,
    orderKey: opts.endpointId && opts.messageId ? 'replay' : webhookOrderKey(e.data),
  }));
  const first = list[0]!;
  return {
    ...outboxKey(tenant, first.orderKey, first.eventId),
    gsi1pk: shardedIndexKey(WH.outboxIndex, tenant),
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
    const rows = await tenantRowsWithPrefix(tenant, `${WH.endpoint}#`, (i) => i, { projection: 'enabled, events' });
    const out = new Set<string>();
    for (const i of rows)
      if (i.enabled === true && Array.isArray(i.events)) for (const e of i.events) out.add(String(e));
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
