/**
 * The webhook delivery worker (docs/requirements/settings.md R-SET-10, docs/decisions/webhooks.md). The
 * same code runs on AWS (DynamoDB Streams → EventBridge Pipe → SQS → this worker; due retries by the
 * webhook-retries sweep) and locally (functions/local/webhook-poller.ts polls `pollWebhooks`).
 *
 * 1. Fan-out: the outbox rows of one (tenant, order key), read in key order with a consistent Query, each
 *    become one delivery row and one pending marker per endpoint that wants the event (conditional
 *    puts: a second run adds nothing), then the outbox row goes.
 * 2. Drain: per (endpoint, order key) only the oldest pending marker is sent (the order rule); it is
 *    claimed with a 30 s lease, signed and POSTed (functions/lib/webhook-send.ts); a 2xx removes the
 *    marker and the next one is sent; anything else schedules the retry (shared/domain/webhooks.ts) and
 *    stops the partition until then. After the last attempt the delivery is `failed` (Replay sends it
 *    again) and the partition moves on.
 * 3. An endpoint with failures and no success for 5 days is disabled, once, and every active administrator
 *    of the tenant gets the stored `webhook-endpoint-disabled` e-mail: never silently.
 * A worker that dies after sending and before recording leaves a claimed marker that is sent again once
 * its lease has run out, with the same `webhook-id`: nothing is lost; a receiver may see a duplicate id.
 */
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_DISABLE_AFTER_MS, nextAttemptAt } from '../../shared/domain/webhooks.js';
import { getOrganization } from '../auth/store.js';
import { tenantUrl } from '../auth/urls.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { sendWebhook, type SendResult } from '../lib/webhook-send.js';
import {
  DELIVERY_KEEP_SECONDS,
  deliveryKey,
  endpointKey,
  type EndpointRow,
  parseDeliveryRow,
  parseEndpointRow,
  parseOutboxRow,
  pendingKey,
  pendingPrefix,
  secretAad,
  WH,
} from '../lib/webhook-rows.js';
import { renderStoredEmail } from '../platform/template-store.js';
import { decryptField } from '../users/crypto.js';
import { listUserRows } from '../users/store.js';
import { tenantRowsWithPrefix } from '../lib/rows.js';

/** Order keys (and endpoint partitions) worked on at once by one poll. */
const CONCURRENCY = 16;

async function inPool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** A claimed delivery belongs to one worker for this long (a send takes at most 10 s). */
export const LEASE_MS = 30_000;

export interface WorkerOptions {
  /** The clock (tests inject one). */
  now?: () => number;
  /** Called after a send, before it is recorded: tests throw here to play a crash. */
  afterSend?: (result: SendResult) => void;
}

export interface WorkerStats {
  fannedOut: number;
  sent: number;
  delivered: number;
  failed: number;
}

const emptyStats = (): WorkerStats => ({ fannedOut: 0, sent: 0, delivered: 0, failed: 0 });
const iso = (ms: number) => new Date(ms).toISOString();

async function readEndpoint(tenant: TenantId, id: string): Promise<EndpointRow | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: endpointKey(tenant, id), ConsistentRead: true }),
  );
  return res.Item ? parseEndpointRow(res.Item) : undefined;
}

async function readEndpoints(tenant: TenantId): Promise<EndpointRow[]> {
  return tenantRowsWithPrefix(tenant, `${WH.endpoint}#`, parseEndpointRow, { consistent: true });
}

/** Step 1 for one (tenant, order key): every outbox row of it, oldest first. Answers the partitions it fed. */
export async function fanOut(
  tenant: TenantId,
  orderKey: string,
  o: WorkerOptions = {},
): Promise<{ partitions: Set<string>; count: number }> {
  const now = o.now ?? Date.now;
  const partitions = new Set<string>();
  let count = 0;
  let endpoints: EndpointRow[] | undefined;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `${WH.outbox}#${orderKey}#` },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      const row = parseOutboxRow(item);
      endpoints ??= await readEndpoints(tenant);
      for (const ev of row.events) {
        const targets = row.endpointId
          ? endpoints.filter((e) => e.id === row.endpointId)
          : endpoints.filter((e) => e.enabled && e.events.includes(ev.type));
        for (const ep of targets) {
          const deliveryId = ev.eventId;
          const at = now();
          try {
            await db().send(
              new TransactWriteCommand({
                TransactItems: [
                  {
                    Put: {
                      TableName: tableName(),
                      Item: {
                        ...deliveryKey(tenant, ep.id, deliveryId),
                        entity: WH.delivery,
                        id: deliveryId,
                        endpointId: ep.id,
                        messageId: row.messageId ?? ev.eventId,
                        type: ev.type,
                        data: ev.data,
                        at: ev.at,
                        orderKey: ev.orderKey,
                        status: 'pending',
                        attempts: 0,
                        nextAttemptAt: iso(at),
                        replayOf: row.messageId,
                        expiresAt: Math.floor(at / 1000) + DELIVERY_KEEP_SECONDS,
                      },
                      ConditionExpression: 'attribute_not_exists(pk)',
                    },
                  },
                  {
                    Put: {
                      TableName: tableName(),
                      Item: {
                        ...pendingKey(tenant, ep.id, ev.orderKey, deliveryId),
                        tenantId: tenant,
                        endpointId: ep.id,
                        orderKey: ev.orderKey,
                        deliveryId,
                        nextAttemptAt: iso(at),
                        gsi1pk: WH.pendingIndex,
                        gsi1sk: `${iso(at)}#${tenant}#${ep.id}#${ev.orderKey}`,
                      },
                    },
                  },
                ],
              }),
            );
            count++;
          } catch (e) {
            // Fanned out by an earlier run that died before deleting the outbox row.
            if ((e as { name?: string }).name !== 'TransactionCanceledException') throw e;
          }
          partitions.add(`${ep.id}#${ev.orderKey}`);
        }
      }
      await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return { partitions, count };
}

/** Step 2 for one (endpoint, order key): send the oldest pending delivery while they succeed. */
export async function drainPartition(
  tenant: TenantId,
  endpointId: string,
  orderKey: string,
  o: WorkerOptions = {},
  stats: WorkerStats = emptyStats(),
): Promise<WorkerStats> {
  const now = o.now ?? Date.now;
  for (let guard = 0; guard < 1000; guard++) {
    const head = (
      await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': pendingPrefix(endpointId, orderKey) },
          ConsistentRead: true,
          Limit: 1,
        }),
      )
    ).Items?.[0];
    if (!head) return stats;
    const t = now();
    if (String(head.nextAttemptAt) > iso(t)) return stats; // the head waits for its retry: so does the rest
    const lease = iso(t + LEASE_MS);
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: head.pk, sk: head.sk },
          UpdateExpression: 'SET claimedUntil = :lease',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
          ExpressionAttributeValues: { ':lease': lease, ':now': iso(t) },
        }),
      );
    } catch (e) {
      if (isConditionFailure(e)) return stats; // another worker has it
      throw e;
    }
    const deliveryId = String(head.deliveryId);
    const dKey = deliveryKey(tenant, endpointId, deliveryId);
    const dItem = (await db().send(new GetCommand({ TableName: tableName(), Key: dKey, ConsistentRead: true }))).Item;
    const endpoint = await readEndpoint(tenant, endpointId);
    if (!dItem || !endpoint || !endpoint.enabled) {
      await finish(head, dKey, !!dItem, {
        status: 'failed',
        attempts: dItem ? Number(dItem.attempts ?? 0) : 0,
        error: !endpoint ? 'Endpoint deleted' : 'Endpoint disabled',
        result: null,
        at: t,
        lease,
      });
      stats.failed++;
      continue;
    }
    const delivery = parseDeliveryRow(dItem);
    const secret = await decryptField(endpoint.secret, secretAad(tenant, endpointId));
    const result = await sendWebhook(endpoint.url, secret, {
      messageId: delivery.messageId,
      type: delivery.type,
      at: delivery.at,
      data: delivery.data,
    });
    stats.sent++;
    o.afterSend?.(result);
    const attempts = delivery.attempts + 1;
    const done = now();
    if (result.ok) {
      await finish(head, dKey, true, { status: 'delivered', attempts, error: null, result, at: done, lease });
      if (endpoint.failingSince) await clearFailing(tenant, endpointId);
      stats.delivered++;
      continue;
    }
    const next = nextAttemptAt(attempts, done);
    if (next === null) {
      await finish(head, dKey, true, { status: 'failed', attempts, error: result.error, result, at: done, lease });
      stats.failed++;
    } else {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: { pk: head.pk, sk: head.sk },
                UpdateExpression: 'SET nextAttemptAt = :next, gsi1sk = :g REMOVE claimedUntil',
                ConditionExpression: 'claimedUntil = :lease',
                ExpressionAttributeValues: {
                  ':next': iso(next),
                  ':g': `${iso(next)}#${tenant}#${endpointId}#${orderKey}`,
                  ':lease': lease,
                },
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: dKey,
                ...deliveryUpdate({ status: 'pending', attempts, error: result.error, result, at: done, next }),
              },
            },
          ],
        }),
      );
    }
    await noteFailure(tenant, endpoint, done);
    return stats;
  }
  return stats;
}

function deliveryUpdate(u: {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  error: string | null;
  result: SendResult | null;
  at: number;
  next?: number;
}) {
  return {
    UpdateExpression:
      'SET #s = :s, attempts = :a, lastError = :e, lastStatusCode = :c, lastLatencyMs = :l, lastAttemptAt = :at, nextAttemptAt = :n, deliveredAt = :d',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: {
      ':s': u.status,
      ':a': u.attempts,
      ':e': u.error,
      ':c': u.result?.statusCode ?? null,
      ':l': u.result ? u.result.latencyMs : null,
      ':at': u.result ? iso(u.at) : null,
      ':n': u.next !== undefined ? iso(u.next) : null,
      ':d': u.status === 'delivered' ? iso(u.at) : null,
    },
  };
}

/** The delivery's last word: the marker goes (only while this worker's lease holds), the record says how it ended. */
async function finish(
  head: Record<string, unknown>,
  dKey: { pk: string; sk: string },
  hasDelivery: boolean,
  u: {
    status: 'delivered' | 'failed';
    attempts: number;
    error: string | null;
    result: SendResult | null;
    at: number;
    lease: string;
  },
): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: { pk: head.pk as string, sk: head.sk as string },
            ConditionExpression: 'claimedUntil = :lease',
            ExpressionAttributeValues: { ':lease': u.lease },
          },
        },
        ...(hasDelivery ? [{ Update: { TableName: tableName(), Key: dKey, ...deliveryUpdate(u) } }] : []),
      ],
    }),
  );
}

async function clearFailing(tenant: TenantId, endpointId: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: endpointKey(tenant, endpointId),
        UpdateExpression: 'REMOVE failingSince',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    )
    .catch((e) => {
      if (!isConditionFailure(e)) throw e;
    });
}

/** Step 3: the failure streak; 5 days of it disables the endpoint and tells every administrator. */
async function noteFailure(tenant: TenantId, endpoint: EndpointRow, nowMs: number): Promise<void> {
  let since: string | undefined;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: endpointKey(tenant, endpoint.id),
        UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': iso(nowMs) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    since = res.Attributes?.failingSince as string | undefined;
  } catch (e) {
    if (isConditionFailure(e)) return;
    throw e;
  }
  if (!since || nowMs - Date.parse(since) < WEBHOOK_DISABLE_AFTER_MS) return;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: endpointKey(tenant, endpoint.id),
        UpdateExpression: 'SET enabled = :off, disabledAt = :now, disabledReason = :why, updatedAt = :now',
        ConditionExpression: 'enabled = :on',
        ExpressionAttributeValues: {
          ':off': false,
          ':on': true,
          ':now': iso(nowMs),
          ':why': 'Failing for 5 days',
        },
      }),
    );
  } catch (e) {
    if (isConditionFailure(e)) return; // disabled already (by another worker, or a person): mailed once
    throw e;
  }
  logger.warn('webhook endpoint disabled after 5 days of failures', { tenant, endpointId: endpoint.id });
  await mailAdministrators(tenant, endpoint, since);
}

/** R-SET-10: every active administrator of the tenant hears that an endpoint was disabled. */
export async function mailAdministrators(
  tenant: TenantId,
  endpoint: EndpointRow,
  failingSince: string,
): Promise<number> {
  const [org, users] = await Promise.all([getOrganization(tenant), listUserRows(tenant)]);
  const admins = users.filter((u) => u.role === 'BUSINESS_ADMIN' && u.isActive && u.email);
  const settingsUrl = org ? tenantUrl(org.subdomain, '/storefront/api').toString() : '';
  let sent = 0;
  for (const admin of admins) {
    const mail = await renderStoredEmail('webhook-endpoint-disabled', {
      firstName: admin.firstName,
      businessName: org?.name ?? '',
      url: endpoint.url,
      failingSince,
      settingsUrl,
    });
    if (await trySendMail({ to: admin.email, ...mail, tenant })) sent++;
  }
  return sent;
}

/** The partitions `pk/sk` of an outbox row name (from a stream record). */
export function outboxRef(pk: string, sk: string): { tenant: TenantId; orderKey: string } | null {
  const t = /^T#(.+)$/.exec(pk)?.[1];
  const m = new RegExp(`^${WH.outbox}#([^#]+)#`).exec(sk);
  if (!t || !m) return null;
  return { tenant: trustedTenant(t), orderKey: m[1]! };
}

/** Fan-out and drain for one outbox row's (tenant, order key): what the queue's message asks. */
export async function processOutbox(tenant: TenantId, orderKey: string, o: WorkerOptions = {}): Promise<WorkerStats> {
  const stats = emptyStats();
  const { partitions, count } = await fanOut(tenant, orderKey, o);
  stats.fannedOut += count;
  for (const p of partitions) {
    const [endpointId, key] = p.split('#') as [string, string];
    await drainPartition(tenant, endpointId, key, o, stats);
  }
  return stats;
}

/**
 * One pass over what is waiting: outbox rows older than `outboxLagMs` (0 locally; on AWS the stream
 * hands rows over within seconds, so the sweep takes only those it left a minute behind) and pending
 * deliveries whose time has come. Keyed reads on gsi1, never a scan.
 */
export async function pollWebhooks(
  o: WorkerOptions & { outboxLagMs?: number; budgetMs?: number } = {},
): Promise<WorkerStats> {
  const now = o.now ?? Date.now;
  const stats = emptyStats();
  const started = Date.now();
  const budget = o.budgetMs ?? 45_000;
  // Outbox rows carry the writer's real clock: the injected one only drives retries.
  const outbox = await queryIndex(WH.outboxIndex, iso(Date.now() - (o.outboxLagMs ?? 0)));
  const refs = new Map<string, { tenant: TenantId; orderKey: string }>();
  for (const r of outbox) {
    const ref = outboxRef(String(r.pk), String(r.sk));
    if (ref) refs.set(`${ref.tenant}#${ref.orderKey}`, ref);
  }
  const add = (s: WorkerStats) => {
    for (const k of Object.keys(stats) as (keyof WorkerStats)[]) stats[k] += s[k];
  };
  // Order keys are independent (the order rule holds within one), so several run at once.
  await inPool([...refs.values()], CONCURRENCY, async (ref) => {
    if (Date.now() - started > budget) return;
    add(await processOutbox(ref.tenant, ref.orderKey, o));
  });
  const due = await queryIndex(WH.pendingIndex, iso(now()));
  const partitions = new Set<string>();
  for (const r of due) partitions.add(`${r.tenantId}#${r.endpointId}#${r.orderKey}`);
  await inPool([...partitions], CONCURRENCY, async (p) => {
    if (Date.now() - started > budget) return;
    const [tenant, endpointId, orderKey] = p.split('#') as [string, string, string];
    add(await drainPartition(trustedTenant(tenant), endpointId, orderKey, o));
  });
  return stats;
}

async function queryIndex(gsi1pk: string, upTo: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :to',
        ExpressionAttributeValues: { ':pk': gsi1pk, ':to': `${upTo}\uffff` },
        ExclusiveStartKey: start,
        Limit: 500,
      }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && out.length < 5000);
  return out;
}
