import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { tenantRowsWithPrefix } from '../lib/rows.js';
import {
  DELIVERY_KEEP_SECONDS,
  deliveryKey,
  type EndpointRow,
  parseEndpointRow,
  parseOutboxRow,
  pendingKey,
  WH,
} from '../lib/webhook-rows.js';
import { iso, type WorkerOptions } from './worker-options.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';

/**
 * Step 1 of the webhook worker (worker.ts, docs/requirements/settings.md R-SET-10): the outbox rows of one
 * (tenant, order key) become one delivery row and one pending marker per endpoint that wants the event.
 */

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
  // Consistent: a row the stream just handed over is there; its keys are kept to delete it once fanned out.
  const outbox = await tenantRowsWithPrefix(
    tenant,
    `${WH.outbox}#${orderKey}#`,
    (item) => ({ key: { pk: item.pk, sk: item.sk }, row: parseOutboxRow(item) }),
    { consistent: true },
  );
  for (const { key, row } of outbox) {
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
                      gsi1pk: shardedIndexKey(WH.pendingIndex, tenant),
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
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
  }
  return { partitions, count };
}
