import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nextAttemptAt } from '../../shared/domain/webhooks.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { sendWebhook, type SendResult } from '../lib/webhook-send.js';
import {
  deliveryKey,
  endpointKey,
  type EndpointRow,
  parseDeliveryRow,
  parseEndpointRow,
  pendingPrefix,
  secretAad,
} from '../lib/webhook-rows.js';
import { decryptField } from '../users/crypto.js';
import { noteFailure } from './endpoint-failures.js';
import { emptyStats, iso, type WorkerOptions, type WorkerStats } from './worker-options.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';
import { WH } from '../lib/webhook-outbox.js';

/**
 * Step 2 of the webhook worker (worker.ts, docs/requirements/settings.md R-SET-10): per (endpoint, order
 * key) only the oldest pending marker is sent, claimed with a lease; a 2xx removes it and the next one
 * goes, anything else schedules the retry and stops the partition until then.
 */

/** A claimed delivery belongs to one worker for this long (a send takes at most 10 s). */
const LEASE_MS = 30_000;

async function readEndpoint(tenant: TenantId, id: string): Promise<EndpointRow | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: endpointKey(tenant, id), ConsistentRead: true }),
  );
  return res.Item ? parseEndpointRow(res.Item) : undefined;
}

/** Step 2 for one (endpoint, order key): send the oldest pending delivery while they succeed. */
export async function drainPartition(
  tenant: TenantId,
  endpointId: string,
  orderKey: string,
  o: WorkerOptions = {},
  stats: WorkerStats = emptyStats(),
): Promise<WorkerStats> {
  for (let guard = 0; guard < 1000; guard++) if (!(await drainStep(tenant, endpointId, orderKey, o, stats))) break;
  return stats;
}

/**
 * One step of step 2 (the unit the delivery scheduler runs, scheduler.ts, R-SET-12): the partition's
 * oldest pending delivery, sent at most once. True when the partition may have more to send now (this
 * one was delivered or ended), false when it is empty, waits for a retry or is another worker's.
 */
export async function drainStep(
  tenant: TenantId,
  endpointId: string,
  orderKey: string,
  o: WorkerOptions = {},
  stats: WorkerStats = emptyStats(),
): Promise<boolean> {
  const now = o.now ?? Date.now;
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
  if (!head) return false;
  const t = now();
  if (String(head.nextAttemptAt) > iso(t)) return false; // the head waits for its retry: so does the rest
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
    if (isConditionFailure(e)) return false; // another worker has it
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
    return true;
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
    return true;
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
              UpdateExpression: 'SET nextAttemptAt = :next, gsi1pk = :gpk, gsi1sk = :g REMOVE claimedUntil',
              ConditionExpression: 'claimedUntil = :lease',
              ExpressionAttributeValues: {
                ':next': iso(next),
                // A marker written before sharding (R-PLAT-17) moves to its shard here.
                ':gpk': shardedIndexKey(WH.pendingIndex, tenant),
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
  return false;
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
