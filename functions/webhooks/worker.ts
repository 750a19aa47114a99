/**
 * The webhook delivery worker (docs/requirements/settings.md R-SET-10, docs/decisions/0231-webhooks.md). The
 * same code runs on AWS (DynamoDB Streams → EventBridge Pipe → SQS → this worker; due retries by the
 * webhook-retries sweep) and locally (functions/local/webhook-poller.ts polls `pollWebhooks`).
 *
 * 1. Fan-out (fan-out.ts): the outbox rows of one (tenant, order key), read in key order with a
 *    consistent Query, each become one delivery row and one pending marker per endpoint that wants the
 *    event (conditional puts: a second run adds nothing), then the outbox row goes.
 * 2. Drain (drain.ts): per (endpoint, order key) only the oldest pending marker is sent (the order
 *    rule), one step at a time under the delivery scheduler (scheduler.ts: per-tenant queues taken in
 *    turn, caps in all, per tenant and per endpoint, R-SET-12); it is claimed with a 30 s lease, signed and POSTed (functions/lib/webhook-send.ts); a 2xx
 *    removes the marker and the next one is sent; anything else schedules the retry
 *    (shared/domain/webhooks.ts) and stops the partition until then. After the last attempt the
 *    delivery is `failed` (Replay sends it again) and the partition moves on.
 * 3. Failures (endpoint-failures.ts): an endpoint with failures and no success for 5 days is disabled,
 *    once, and every active administrator of the tenant gets the stored `webhook-endpoint-disabled`
 *    e-mail: never silently.
 * A worker that dies after sending and before recording leaves a claimed marker that is sent again once
 * its lease has run out, with the same `webhook-id`: nothing is lost; a receiver may see a duplicate id.
 */
import { tableName } from '../lib/db.js';
import { shardedIndexItems } from '../lib/sweep-shards.js';
import { trustedTenant, type TenantId } from '../lib/keys.js';
import { WH } from '../lib/webhook-rows.js';
import { drainStep } from './drain.js';
import { fanOut } from './fan-out.js';
import { DELIVERY_LIMITS, type DeliveryJob, DeliveryScheduler } from './scheduler.js';
import { emptyStats, iso, type WorkerOptions, type WorkerStats } from './worker-options.js';

/** Order keys fanned out at once by one poll (table reads and writes only: the sends go to the scheduler). */
const CONCURRENCY = 16;

async function inPool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** The partitions `pk/sk` of an outbox row name (from a stream record). */
export function outboxRef(pk: string, sk: string): { tenant: TenantId; orderKey: string } | null {
  const t = /^T#(.+)$/.exec(pk)?.[1];
  const m = new RegExp(`^${WH.outbox}#([^#]+)#`).exec(sk);
  if (!t || !m) return null;
  return { tenant: trustedTenant(t), orderKey: m[1]! };
}

/** The scheduler's job for one partition `endpointId#orderKey` of `tenant`: its next send (drain.ts `drainStep`). */
export function partitionJob(
  tenant: TenantId,
  partition: string,
  o: WorkerOptions = {},
  stats: WorkerStats = emptyStats(),
): DeliveryJob {
  const [endpointId, orderKey] = partition.split('#') as [string, string];
  return {
    tenant,
    endpointId,
    key: `${tenant}#${partition}`,
    run: () => drainStep(tenant, endpointId, orderKey, o, stats),
  };
}

/**
 * One pass over what is waiting: outbox rows older than `outboxLagMs` (0 locally; on AWS the stream
 * hands rows over within seconds, so the sweep takes only those it left a minute behind) and pending
 * deliveries whose time has come. Keyed reads on gsi1, never a scan. Their sends go to `scheduler`
 * (the local runtime's, which keeps sending while the next pass reads) or to one of the pass's own,
 * which is awaited: no step starts after `budgetMs`. The first fan-out (or, with its own scheduler,
 * step) that threw is thrown at the end, once the rest has been done.
 */
export async function pollWebhooks(
  o: WorkerOptions & { outboxLagMs?: number; budgetMs?: number; scheduler?: DeliveryScheduler } = {},
): Promise<WorkerStats> {
  const now = o.now ?? Date.now;
  const stats = emptyStats();
  const started = Date.now();
  const budget = o.budgetMs ?? 45_000;
  const errors: unknown[] = [];
  const scheduler =
    o.scheduler ??
    new DeliveryScheduler(DELIVERY_LIMITS, {
      mayStart: () => Date.now() - started <= budget,
      onError: (_job, e) => errors.push(e),
    });
  // Outbox rows carry the writer's real clock: the injected one only drives retries.
  const outbox = await queryIndex(WH.outboxIndex, iso(Date.now() - (o.outboxLagMs ?? 0)));
  const refs = new Map<string, { tenant: TenantId; orderKey: string }>();
  for (const r of outbox) {
    const ref = outboxRef(String(r.pk), String(r.sk));
    if (ref) refs.set(`${ref.tenant}#${ref.orderKey}`, ref);
  }
  // Order keys are independent (the order rule holds within one), so several fan out at once; each
  // partition's sends start as soon as it is fed.
  await inPool([...refs.values()], CONCURRENCY, async (ref) => {
    if (Date.now() - started > budget) return;
    try {
      const { partitions, count } = await fanOut(ref.tenant, ref.orderKey, o);
      stats.fannedOut += count;
      for (const p of partitions) scheduler.add(partitionJob(ref.tenant, p, o, stats));
    } catch (e) {
      errors.push(e); // the row stays for the next pass; the other keys go on
    }
  });
  const due = await queryIndex(WH.pendingIndex, iso(now()));
  for (const r of due) {
    scheduler.add(partitionJob(trustedTenant(String(r.tenantId)), `${r.endpointId}#${r.orderKey}`, o, stats));
  }
  if (!o.scheduler) await scheduler.idle();
  if (errors.length) throw errors[0];
  return stats;
}

async function queryIndex(base: string, upTo: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  // Every shard and the legacy key (R-PLAT-17), oldest first across them.
  for await (const item of shardedIndexItems(base, {
    TableName: tableName(),
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :to',
    ExpressionAttributeValues: { ':to': `${upTo}\uffff` },
    Limit: 500,
  })) {
    out.push(item);
    if (out.length >= 5000) break;
  }
  return out;
}
